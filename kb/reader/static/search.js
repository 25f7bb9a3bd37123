/* The static export's search: Pagefind's index of the exported documents (pagefind/), one index per
   language, picked by this page's <html lang>. Pagefind finds the pages and the places of the words
   found; the rule around each place is the element with an id (a rule's anchor, #R70226b) that
   precedes it, so each hit is a rule, linked to its anchor, ranked by the weight of its words. */
(function () {
  "use strict";
  var form = document.getElementById("pagefind-form");
  if (!form) { return; }
  var input = document.getElementById("pagefind-q");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  var LIMIT = 50, CONTEXT = 30;

  function say(text, failed) {
    status.textContent = text;
    status.classList.toggle("error", !!failed);
  }

  input.value = new URLSearchParams(window.location.search).get("q") || "";
  if (window.location.protocol === "file:") {
    // Browsers refuse to load the index into a page opened from a file: say so, never fail in silence.
    say(status.dataset.serve, true);
    input.disabled = true;
    form.querySelector("button").disabled = true;
    return;
  }
  var loading = import(new URL("pagefind/pagefind.js", document.baseURI).href);

  function ruleOf(id) { return id.replace(/-ex\d+$/, ""); }  // an example's hit belongs to its rule

  // A word as typed counts more than its stem's other forms: "phasing" finds 702.26 Phasing before
  // 501 Beginning Phase.
  var EXACT = 4;
  function plain(word) { return word.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, ""); }

  // "R70226b" is 702.26b (Yawgatog's anchor without its dot); a glossary entry has no number.
  function numberOf(id) {
    var parts = /^R(\d{3})(\d+)([a-z]*)$/.exec(id);
    if (parts) { return parts[1] + "." + parts[2] + parts[3]; }
    return /^R\d+$/.test(id) ? id.slice(1) : null;
  }

  function rules(data, query) {
    // Pagefind's words as it indexed them: cut at zero-width spaces where it segmented the text
    // (Chinese, Japanese), else at white space; < and > escaped.
    var content = data.raw_content.replace(/&lt;/g, "<").replace(/&gt;/g, ">");
    var zws = content.indexOf("\u200B") >= 0;
    var words = zws ? content.split("\u200B") : content.split(/[\r\n\s]+/g);
    var typed = {};
    query.split(/\s+/).forEach(function (term) { if (plain(term)) { typed[plain(term)] = true; } });
    var anchors = data.anchors.filter(function (a) { return a.id && a.id !== "glossary"; })
      .sort(function (a, b) { return a.location - b.location; });
    var found = {};
    data.weighted_locations.forEach(function (place) {
      var at = -1;
      for (var i = 0; i < anchors.length && anchors[i].location <= place.location; i++) { at = i; }
      if (at < 0) { return; }
      var id = ruleOf(anchors[at].id);
      var first = at;
      while (first > 0 && ruleOf(anchors[first - 1].id) === id) { first--; }
      var last = at;
      while (last + 1 < anchors.length && ruleOf(anchors[last + 1].id) === id) { last++; }
      var hit = found[id] || (found[id] = {
        id: id, score: 0, places: [], start: anchors[first].location,
        end: last + 1 < anchors.length ? anchors[last + 1].location : words.length,
        page: data.url.split("/").pop(), title: (data.meta || {}).title || ""
      });
      hit.score += place.balanced_score * (typed[plain(words[place.location] || "")] ? EXACT : 1);
      hit.places.push(place.location);
    });
    return Object.keys(found).map(function (id) {
      var hit = found[id];
      hit.words = words;
      hit.joiner = zws ? "" : " ";
      return hit;
    });
  }

  // How many of Pagefind's words the rule's number takes ("100", ".", "1a" where it segmented): the
  // snippet starts after them, the number being the link.
  function numberWords(hit) {
    var number = numberOf(hit.id), text = "";
    for (var k = 0; number && k < 8 && hit.start + k < hit.end; k++) {
      text += hit.words[hit.start + k].trim();
      if (text === number || text === number + ".") { return k + 1; }
    }
    return 0;
  }

  function show(hit, several) {
    var li = document.createElement("li");
    var link = document.createElement("a");
    link.className = "number";
    link.href = hit.page + "#" + hit.id;
    link.textContent = numberOf(hit.id) ||
      hit.words.slice(hit.start, Math.min(hit.end, hit.start + 8)).join(hit.joiner).trim();
    li.appendChild(link);
    if (several && hit.title) {
      var where = document.createElement("span");
      where.className = "meta";
      where.textContent = " (" + hit.title + ")";
      li.appendChild(where);
    }
    var snippet = document.createElement("p");
    snippet.className = "snippet";
    var first = Math.min.apply(null, hit.places);
    var begin = hit.start + numberWords(hit);
    var from = Math.max(begin, first - 8), to = Math.min(hit.end, from + CONTEXT);
    if (from > begin) { snippet.appendChild(document.createTextNode("… ")); }
    for (var i = from; i < to; i++) {
      var word = hit.words[i] + (i + 1 < to ? hit.joiner : "");
      if (hit.places.indexOf(i) >= 0) {
        var mark = document.createElement("mark");
        mark.textContent = word;
        snippet.appendChild(mark);
      } else {
        snippet.appendChild(document.createTextNode(word));
      }
    }
    if (to < hit.end) { snippet.appendChild(document.createTextNode(" …")); }
    li.appendChild(snippet);
    list.appendChild(li);
  }

  var ticket = 0;
  function search(query) {
    var mine = ++ticket;
    list.textContent = "";
    if (!query.trim()) { say(""); return; }
    say(status.dataset.searching);
    loading.then(function (pagefind) { return pagefind.search(query); })
      .then(function (response) { return Promise.all(response.results.map(function (r) { return r.data(); })); })
      .then(function (pages) {
        if (mine !== ticket) { return; }
        var hits = [];
        pages.forEach(function (data) { hits = hits.concat(rules(data, query)); });
        hits.sort(function (a, b) { return b.score - a.score; });
        if (!hits.length) { say(status.dataset.nothing.replace("{query}", query)); return; }
        say(status.dataset.found.replace("{n}", hits.length));
        hits.slice(0, LIMIT).forEach(function (hit) { show(hit, pages.length > 1); });
      })
      .catch(function (error) { if (mine === ticket) { say(status.dataset.failed + " " + error, true); } });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var url = new URL(window.location.href);
    url.searchParams.set("q", input.value);
    window.history.replaceState(null, "", url.href);
    search(input.value);
  });
  var timer = 0;
  input.addEventListener("input", function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(function () { search(input.value); }, 250);
  });
  search(input.value);
})();
