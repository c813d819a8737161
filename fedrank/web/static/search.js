/* The search box: filters the federation's player index (search.json) as the user types.
   Without script the form opens the player index page. */
(function () {
  "use strict";
  var form = document.querySelector("form.search");
  if (!form || !window.fetch) return;
  var input = form.querySelector("input"), out = form.querySelector("ol.hits"), data = null;
  function fold(s) { return (s || "").toLowerCase().replace(/ё/g, "е"); }
  function load() {
    if (data) return data;
    var indexes = form.dataset.index.split(" "), bases = form.dataset.base.split(" ");
    data = Promise.all(indexes.map(function (url, i) {
      var base = new URL(bases[i], location.href);
      return fetch(url).then(function (r) { return r.json(); }).then(function (j) {
        return j.players.map(function (p) {
          return {id: p[0], name: p[1], latin: p[2], href: new URL(p[3], base).href,
                  keys: [fold(p[0]), fold(p[1]), fold(p[2])]};
        });
      });
    })).then(function (lists) { return [].concat.apply([], lists); });
    return data;
  }
  function rank(p, q) {
    if (p.keys[0] === q) return 0;
    for (var k = 0; k < 3; k++) if (p.keys[k].lastIndexOf(q, 0) === 0) return 1;
    for (k = 0; k < 3; k++) if (p.keys[k].indexOf(q) >= 0) return 2;
    return -1;
  }
  function show() {
    var q = fold(input.value.trim());
    load().then(function (all) {
      if (q !== fold(input.value.trim())) return;
      var hits = [];
      for (var i = 0; i < all.length; i++) {
        var r = q ? rank(all[i], q) : -1;
        if (r >= 0) hits.push([r, i]);
      }
      hits.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
      out.textContent = "";
      hits.slice(0, 12).forEach(function (h) {
        var p = all[h[1]], li = document.createElement("li"), a = document.createElement("a");
        a.href = p.href;
        a.textContent = p.name + (p.latin ? " (" + p.latin + ")" : "");
        li.appendChild(a);
        li.appendChild(document.createTextNode(" " + p.id));
        out.appendChild(li);
      });
    });
  }
  input.addEventListener("focus", load);
  input.addEventListener("input", show);
  form.addEventListener("submit", function (e) {
    var first = out.querySelector("a");
    if (first) { e.preventDefault(); location.href = first.href; }
  });
})();
