// The page's only script: search as you type, keyboard moves, copy buttons, token sign-in.
// Plain JS, no build step. The results it fetches are server-rendered and escaped; they go
// into the page through one Trusted Types policy (the CSP allows no other HTML sink).
"use strict";

(() => {
  const policy = window.trustedTypes
    ? window.trustedTypes.createPolicy("jezero", { createHTML: (html) => html })
    : { createHTML: (html) => html };

  const form = document.getElementById("search");
  const box = document.getElementById("q");
  const results = document.getElementById("results");
  const DEBOUNCE_MS = 180;

  // -- search as you type (only on the search page, which has a results pane)

  function searchParams() {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (String(value).trim()) params.set(name, String(value).trim());
    }
    return params;
  }

  let timer = null;
  let inflight = null;
  async function refresh() {
    const params = searchParams();
    const query = params.toString();
    if (inflight) inflight.abort();
    inflight = new AbortController();
    try {
      const response = await fetch("/results" + (query ? "?" + query : ""), {
        signal: inflight.signal,
        headers: { Accept: "text/html" },
        credentials: "same-origin",
      });
      const html = await response.text();
      const template = document.createElement("template");
      template.innerHTML = policy.createHTML(html);
      results.replaceChildren(template.content);
      history.replaceState(null, "", query ? "/?" + query : "/");
      document.title = (params.get("q") || "Search") + " · jezero";
    } catch (err) {
      if (err.name !== "AbortError") throw err;
    }
  }

  if (form && results) {
    form.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(refresh, DEBOUNCE_MS);
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      clearTimeout(timer);
      refresh();
    });
  }

  // -- keyboard: "/" to the box, arrows through results, Enter opens (a focused link), Esc back

  function hits() {
    return Array.from(document.querySelectorAll("main a.hit-link"));
  }

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    const typing = target instanceof HTMLElement && target.matches("input, textarea, select");
    if (event.key === "/" && !typing && box) {
      event.preventDefault();
      box.focus();
      box.select();
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const links = hits();
    const at = links.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && links.length && (target === box || at >= 0)) {
      event.preventDefault();
      links[Math.min(at + 1, links.length - 1)].focus();
    } else if (event.key === "ArrowUp" && at >= 0) {
      event.preventDefault();
      if (at === 0 && box) box.focus();
      else links[at - 1].focus();
    } else if (event.key === "Escape" && at >= 0 && box) {
      box.focus();
    }
  });

  // -- copy buttons (errors, commands, the page's link)

  async function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return;
    }
    // Plain http off loopback is not a secure context: the old way still works there.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "offscreen";
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }

  document.addEventListener("click", async (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button) return;
    let text = null;
    if (button.hasAttribute("data-copy-code")) {
      text = button.parentElement.querySelector("code").textContent;
    } else if (button.hasAttribute("data-copy-url")) {
      text = location.href;
    }
    if (text === null) return;
    await copy(text);
    const label = button.textContent;
    button.textContent = "Copied";
    button.classList.add("done");
    setTimeout(() => {
      button.textContent = label;
      button.classList.remove("done");
    }, 1200);
  });

  // -- sign in: the token goes in an Authorization header; the answer sets a session cookie

  const login = document.getElementById("login");
  if (login) {
    login.addEventListener("submit", async (event) => {
      event.preventDefault();
      const token = document.getElementById("token").value.trim();
      const response = await fetch("/login", {
        method: "POST",
        headers: { Authorization: "Bearer " + token },
        credentials: "same-origin",
      });
      if (response.status === 204) {
        location.replace(login.dataset.next || "/");
      } else {
        document.getElementById("login-problem").hidden = false;
      }
    });
  }
})();
