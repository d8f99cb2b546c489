/// `/static/console.js`: the pages' one script, served from the binary (no build step, nothing from elsewhere).
/// It follows `/api/events` and redraws what changed with fragments the server renders (one renderer, Swift's);
/// writes are POSTs with the token in the `Authorization` header.
enum ConsoleScript {
    static let text = #"""
        "use strict";
        const token = document.querySelector('meta[name="camprobe-token"]').content;
        const live = document.getElementById("live");
        const $ = (sel, root) => (root || document).querySelector(sel);
        const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
        const enc = (id) => encodeURIComponent(id);

        async function post(url, body) {
          const r = await fetch(url, {method: "POST", headers: {"Authorization": "Bearer " + token, "Content-Type": "application/json"},
                                      body: JSON.stringify(body)});
          const text = await r.text();
          let json = null;
          try { json = JSON.parse(text); } catch (e) { json = {error: text}; }
          if (!r.ok) throw new Error((json && json.error) || ("HTTP " + r.status));
          return json;
        }

        async function fragment(url) {
          const r = await fetch(url, {headers: {"Authorization": "Bearer " + token}});
          return r.ok ? r.text() : null;
        }

        // The device list: a row per device, redrawn from the server on each event, removed on disconnect.
        const table = $("#devices tbody");
        function showEmpty() { const e = $("#empty"); if (e) e.hidden = table.rows.length > 0; }
        async function upsertRow(id) {
          const html = await fragment("/fragments/row/" + enc(id));
          if (html === null) return;
          const t = document.createElement("tbody");
          t.innerHTML = html;
          const row = t.firstElementChild;
          const old = [...table.rows].find((r) => r.dataset.deviceId === id);
          if (old) old.replaceWith(row); else table.appendChild(row);
          showEmpty();
        }
        function removeRow(id) {
          for (const r of [...table.rows]) if (r.dataset.deviceId === id) r.remove();
          showEmpty();
        }

        // The USB page's bars, redrawn from the server.
        const domains = $("#domains");
        let usbPending = false;
        async function redrawDomains() {
          if (!domains || usbPending) return;
          usbPending = true;
          try { const html = await fragment("/fragments/usb"); if (html !== null) domains.innerHTML = html; } finally { usbPending = false; }
        }
        if (domains) setInterval(() => { if (!document.hidden) redrawDomains(); }, 3000);

        const identity = $("#identity");
        const events = new EventSource("/api/events");
        events.onopen = () => { live.textContent = "live"; live.className = "live on"; };
        events.onerror = () => { live.textContent = "reconnecting…"; live.className = "live off"; };
        for (const kind of ["present", "connected", "capabilities", "changed", "disconnected"]) {
          events.addEventListener(kind, (e) => {
            const line = JSON.parse(e.data);
            if (table) { if (kind === "disconnected") removeRow(line.id); else upsertRow(line.id); }
            if (domains && kind !== "present") redrawDomains();
            if (identity && line.id === identity.dataset.deviceId) {
              if (kind === "disconnected") banner("This camera was unplugged (or its driver let it go). Its page stays as it was.");
              else if (kind === "capabilities" || (kind === "connected" && line.capabilities !== "pending")) banner("The camera is back: reload to read it again.");
            }
          });
        }
        events.addEventListener("overflow", () => { location.reload(); });

        function banner(text) {
          let b = $("#banner");
          if (!b) { b = document.createElement("p"); b.id = "banner"; b.className = "problem"; document.querySelector("main").prepend(b); }
          b.textContent = text;
        }

        // Controls: a change is written, then the value read back is shown (and what the driver kept, if it adjusted it).
        const controls = $("#controls");
        if (controls && identity) {
          controls.addEventListener("change", async (e) => {
            const input = e.target;
            const row = input.closest("tr.control");
            if (!row || !input.name) return;
            const value = input.type === "checkbox" ? (input.checked ? 1 : 0) : Number(input.value);
            const note = $(".note", row);
            note.textContent = "writing…";
            try {
              const reply = await post(identity.dataset.api + "/controls", {[input.name]: value});
              for (const c of reply.changes || []) {
                const r = [...controls.querySelectorAll("tr.control")].find((x) => x.dataset.control === c.control);
                if (!r) continue;
                const after = c.after === null || c.after === undefined ? "" : String(c.after);
                r.dataset.value = after;
                $("output", r).textContent = after;
                $(".note", r).textContent = c.adjusted ? "the driver kept " + after + ", not " + c.requested : "read back";
              }
            } catch (err) {
              note.textContent = err.message;
              if (input.type === "checkbox") input.checked = row.dataset.value !== "0"; else input.value = row.dataset.value;
            }
          });
          controls.addEventListener("click", (e) => {
            if (e.target.tagName === "BUTTON" && e.target.name) e.target.dispatchEvent(new Event("change", {bubbles: true}));
          });
        }

        // Negotiation: the decision with its reasons and the commands that set it.
        const negotiate = $("#negotiate");
        if (negotiate && identity) {
          negotiate.addEventListener("submit", async (e) => {
            e.preventDefault();
            const f = new FormData(negotiate);
            const body = {explain: true};
            for (const k of ["preset", "size", "fps", "format"]) if (f.get(k)) body[k] = f.get(k);
            for (const k of ["atLeast", "ignoreBus"]) if (f.get(k)) body[k] = true;
            const out = $("#decision");
            out.textContent = "deciding…";
            try {
              const r = await post(identity.dataset.api + "/negotiate", body);
              const d = r.decision;
              const c = d.choice;
              let html = "<p class='outcome " + esc(d.outcome) + "'><strong>" + esc(d.outcome.toUpperCase()) + "</strong> ";
              if (c) html += esc(c.fourcc + " " + c.size.width + "x" + c.size.height + " @ " + (c.frameInterval ? c.frameInterval.nominalFPS + " fps" : "?"));
              html += "</p><ul>" + (d.explanation || []).map((x) => "<li>" + esc(x) + "</li>").join("") + "</ul>";
              if (d.reasons && d.reasons.length) html += "<ul>" + d.reasons.map((x) => "<li>" + esc(typeof x === "string" ? x : JSON.stringify(x)) + "</li>").join("") + "</ul>";
              if (r.bus) html += "<p>Bus: " + esc(JSON.stringify(r.bus.chosen || r.bus)) + "</p>";
              for (const [tool, cmd] of Object.entries(r.commands || {})) html += "<p>" + esc(tool) + "</p><pre>" + esc(cmd) + "</pre>";
              out.innerHTML = html;
            } catch (err) { out.textContent = err.message; }
          });
        }

        // Snapshot: one frame as PNG.
        const snap = $("#snapshot");
        if (snap && identity) {
          snap.addEventListener("click", async () => {
            const out = $("#snapshot-result");
            out.textContent = "taking a snapshot…";
            const r = await fetch(identity.dataset.api + "/snapshot.png", {headers: {"Authorization": "Bearer " + token}});
            if (!r.ok) { const j = await r.json().catch(() => ({error: "HTTP " + r.status})); out.textContent = j.error; return; }
            const img = document.createElement("img");
            img.src = URL.createObjectURL(await r.blob());
            img.alt = "snapshot";
            out.replaceChildren(img);
          });
        }

        // The plan for the cameras ticked: each camera's mode, and what gave.
        const plan = $("#plan");
        if (plan) {
          plan.addEventListener("submit", async (e) => {
            e.preventDefault();
            const f = new FormData(plan);
            const out = $("#plan-output");
            out.textContent = "planning…";
            try {
              const r = await post("/api/plan", {devices: f.getAll("device"), preset: f.get("preset")});
              const p = r.plan;
              let html = "<p>" + (p.wishFits ? "Every wish fits." : "The wishes do not all fit: what gave is listed.") + "</p>";
              html += "<table id='plan-result'><thead><tr><th>Camera</th><th>Mode</th><th>Wish</th><th>Domain</th><th>What gave</th></tr></thead><tbody>";
              for (const c of p.cameras || []) {
                const ch = c.choice;
                const mode = ch ? ch.fourcc + " " + ch.size.width + "x" + ch.size.height + "@" + ch.frameInterval.nominalFPS : "nothing fits";
                html += "<tr class='planned' data-device-id='" + esc(c.id) + "'" + (ch ? " data-format='" + esc(ch.fourcc) + "' data-width='" + ch.size.width +
                  "' data-height='" + ch.size.height + "' data-interval='" + esc(ch.frameInterval.interval) + "'" : "") + ">";
                html += "<td>" + esc(c.name) + "</td><td>" + esc(mode) + "</td><td>" + esc(c.wish || "") + "</td><td>" + esc(c.domain || "") +
                  "</td><td>" + (c.gave || []).map((g) => esc(g.field + ": " + JSON.stringify(g.from) + " → " + JSON.stringify(g.to))).join("<br>") + "</td></tr>";
              }
              out.innerHTML = html + "</tbody></table>";
            } catch (err) { out.textContent = err.message; }
          });
        }
        """#
}
