// Compares SchemaRegex (Sources/ProfileFormat/Schema/SchemaRegex.swift) with the standard library's Regex on
// the schema's own patterns (Reports/benchmarks.md §15):
//   swiftc -O scripts/dev/schema-regex-vs-regex.swift Sources/ProfileFormat/Schema/SchemaRegex.swift -o /tmp/rx && /tmp/rx
import Foundation
let patterns = ["^[0-9]+/[0-9]+$", "^[ -~]{1,4}(-BE)?$", "^([A-Z][A-Z0-9_]*|0x[0-9a-f]+)$", "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$"]
let inputs = [["1/30", "1001/30000", "1/5", "x/3"], ["YUYV", "MJPG", "RGB3-BE", "toolong"], ["MEDIA_BUS_FMT_SRGGB10_1X10", "0x200f", "bad-Code"], ["2026-11-26T05:00:00.123Z", "2026-11-26 05:00"]]
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
var t = now()
var ours: [SchemaRegex] = []
for _ in 0..<100 { ours = try patterns.map { try SchemaRegex($0) } }
let compileOurs = (now() - t) / 100
t = now()
var theirs: [Regex<AnyRegexOutput>] = []
for _ in 0..<100 { theirs = try patterns.map { try Regex($0) } }
let compileTheirs = (now() - t) / 100
let n = 50_000
var hits = 0
t = now()
for _ in 0..<n { for (i, r) in ours.enumerated() { for s in inputs[i] where r.matches(s) { hits += 1 } } }
let matchOurs = (now() - t) / Double(n * 13)
var hits2 = 0
t = now()
for _ in 0..<n { for (i, r) in theirs.enumerated() { for s in inputs[i] where s.contains(r) { hits2 += 1 } } }
let matchTheirs = (now() - t) / Double(n * 13)
print("same answers:", hits == hits2, hits, hits2)
print(String(format: "compile 4 patterns: SchemaRegex %.1f µs, Regex %.1f µs", compileOurs * 1e6, compileTheirs * 1e6))
print(String(format: "one match: SchemaRegex %.2f µs, Regex %.2f µs", matchOurs * 1e6, matchTheirs * 1e6))
