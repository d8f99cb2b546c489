/// `/static/console.css`: the pages' one stylesheet, served from the binary.
enum ConsoleStyle {
    static let text = """
        body { font: 15px/1.4 system-ui, sans-serif; margin: 0; color: #1d1d1f; background: #fafafa; }
        header { display: flex; gap: 1.5em; align-items: center; padding: .6em 1.2em; background: #20232a; color: #fff; }
        header a { color: #cfd8ff; text-decoration: none; margin-right: 1em; }
        header a[aria-current] { color: #fff; font-weight: bold; }
        main { padding: 1em 1.5em; max-width: 1200px; }
        table { border-collapse: collapse; width: 100%; margin: .5em 0 1.5em; background: #fff; }
        th, td { border-bottom: 1px solid #e3e3e3; padding: .3em .6em; text-align: left; vertical-align: top; }
        code, pre { font-family: ui-monospace, monospace; font-size: 13px; }
        pre { background: #f0f0f0; padding: .5em; overflow-x: auto; white-space: pre-wrap; }
        .hint { color: #666; }
        .problem { color: #a40000; background: #fff0f0; padding: .4em .6em; }
        .live { margin-left: auto; font-size: 13px; }
        .live.on::before { content: "● "; color: #2a2; }
        .live.off::before { content: "● "; color: #c60; }
        .note { color: #555; font-size: 13px; }
        .domain { background: #fff; padding: .5em 1em; margin: .5em 0; border: 1px solid #e3e3e3; }
        meter { width: 100%; height: 1.2em; }
        .finding.error strong { color: #a40000; } .finding.warning strong { color: #a06000; } .finding.info strong { color: #335; }
        .outcome.valid strong { color: #2a2; } .outcome.adjusted strong { color: #a06000; } .outcome.unsupported strong { color: #a40000; }
        img { max-width: 100%; border: 1px solid #ccc; }
        """
}
