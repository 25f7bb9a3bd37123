/* Enhancements only: the pages read fully without this script. */
(function () {
  "use strict";

  // The copy button copies the citation with its edition.
  document.querySelectorAll("button.copy[data-copy]").forEach(function (button) {
    if (!navigator.clipboard) { return; }
    button.hidden = false;
    button.addEventListener("click", function () {
      var status = button.parentNode.querySelector(".copied");
      navigator.clipboard.writeText(button.dataset.copy).then(function () {
        button.setAttribute("data-copied", "true");
        if (status) { status.textContent = button.dataset.copiedText + ": " + button.dataset.copy; }
      }, function () {
        if (status) { status.textContent = "\u2717"; }
      });
    });
  });

  // Completion as you type: a listbox under the search box, keyboard and mouse.
  document.querySelectorAll("input[data-complete]").forEach(function (input) {
    var list = document.getElementById(input.getAttribute("aria-controls"));
    var endpoint = input.dataset.complete;
    if (!list || !endpoint || !window.fetch) { return; }
    var active = -1, items = [], pending = 0;

    function close() { list.hidden = true; list.textContent = ""; active = -1; items = [];
                       input.removeAttribute("aria-activedescendant"); }
    function choose(item) { window.location.href = item.href; }
    function mark(index) {
      var nodes = list.querySelectorAll("li");
      nodes.forEach(function (node, i) { node.setAttribute("aria-selected", i === index ? "true" : "false"); });
      active = index;
      if (nodes[index]) { input.setAttribute("aria-activedescendant", nodes[index].id); }
    }
    function show(found) {
      list.textContent = "";
      items = found;
      found.forEach(function (item, i) {
        var li = document.createElement("li");
        li.id = list.id + "-" + i;
        li.setAttribute("role", "option");
        li.setAttribute("lang", item.lang || "en");
        li.dataset.href = item.href;
        var text = document.createElement("span");
        text.textContent = item.text;
        li.appendChild(text);
        if (item.rule) {
          var kind = document.createElement("span");
          kind.className = "kind";
          kind.textContent = item.label || item.rule;
          li.appendChild(kind);
        }
        li.addEventListener("mousedown", function (event) { event.preventDefault(); choose(item); });
        list.appendChild(li);
      });
      list.hidden = found.length === 0;
      active = -1;
    }
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-expanded", "false");
    input.addEventListener("input", function () {
      var value = input.value.trim();
      var ticket = ++pending;
      if (!value) { close(); return; }
      fetch(endpoint + "?q=" + encodeURIComponent(value), { headers: { "Accept": "application/json" } })
        .then(function (response) { return response.ok ? response.json() : []; })
        .then(function (found) {
          if (ticket !== pending) { return; }
          show(found);
          input.setAttribute("aria-expanded", found.length ? "true" : "false");
        })
        .catch(close);
    });
    input.addEventListener("keydown", function (event) {
      if (list.hidden || !items.length) { return; }
      if (event.key === "ArrowDown") { event.preventDefault(); mark((active + 1) % items.length); }
      else if (event.key === "ArrowUp") { event.preventDefault(); mark((active - 1 + items.length) % items.length); }
      else if (event.key === "Enter" && active >= 0) { event.preventDefault(); choose(items[active]); }
      else if (event.key === "Escape") { close(); input.setAttribute("aria-expanded", "false"); }
    });
    input.addEventListener("blur", function () { window.setTimeout(close, 150); });
  });
})();
