'use strict';
// The iri playground. Every string from the user or the server is put in
// the page with textContent, never as HTML; characters that could hide
// or reorder text are drawn as badges with their code point.
(() => {
  const $ = (id) => document.getElementById(id);
  const refs = $('refs'), base = $('base'), rule = $('rule'), other = $('other');
  const results = $('results'), status = $('status'), detail = $('detail');
  const MAX_LINES = 20;      // references explained at once
  const SHOW = 2000;         // characters drawn of one reference
  const WINDOW = 200;        // characters drawn around an error past SHOW
  const MAX_HASH = 64 << 10; // longest state kept in the link
  let timer = 0;
  let controller = null;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // The state lives in the fragment: r (a reference, repeated), base,
  // other, rule.
  function readHash() {
    const p = new URLSearchParams(location.hash.slice(1));
    refs.value = p.getAll('r').join('\n');
    base.value = p.get('base') || '';
    other.value = p.get('other') || '';
    const r = p.get('rule');
    if (r && [...rule.options].some((o) => o.value === r)) rule.value = r;
  }

  function writeHash() {
    const p = new URLSearchParams();
    if (refs.value !== '') for (const l of refs.value.split('\n')) p.append('r', l);
    if (base.value) p.set('base', base.value);
    if (other.value) p.set('other', other.value);
    if (rule.value !== 'IRI-reference') p.set('rule', rule.value);
    const h = p.toString();
    if (h.length > MAX_HASH) return false;
    history.replaceState(null, '', h ? '#' + h : location.pathname);
    return true;
  }

  // Characters drawn as a badge wherever they are: controls, spaces,
  // bidi controls, invisible and format characters, variation
  // selectors, private use and tags.
  // By Unicode property rather than a list: controls, format characters
  // (bidi controls among them), private use, surrogates, separators and
  // spaces, whatever Unicode says to ignore in display, noncharacters, and
  // the blank braille pattern.
  const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Z}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}\u2800]/u;
  function hidden(ch) {
    return ch === ' ' || HIDDEN.test(ch);
  }

  function hex(c) {
    return 'U+' + c.toString(16).toUpperCase().padStart(4, '0');
  }

  function utf8Len(c) {
    return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }

  // draw returns the text s drawn character by character: components
  // (byte offsets) underlined and labelled, the byte at errAt marked with
  // a caret, and the bytes in flagged drawn as badges.
  function draw(s, comps, errAt, flagged) {
    const box = el('div', 'text');
    box.dir = 'ltr';
    const cps = Array.from(s);
    const starts = new Array(cps.length);
    let b = 0;
    cps.forEach((ch, i) => { starts[i] = b; b += utf8Len(ch.codePointAt(0)); });
    const total = b;
    const show = (i) => i < SHOW || (errAt >= 0 && Math.abs(starts[i] - errAt) < WINDOW * 4 && i >= indexAt(starts, errAt) - WINDOW && i <= indexAt(starts, errAt) + WINDOW);
    let open = null, openComp = null, k = 0, skipped = false;
    const closeComp = () => { open = null; openComp = null; };
    const target = () => open || box;
    const startComp = (c) => {
      // Labels alternate above and below, so short neighbours' labels
      // do not run together.
      const span = el('span', 'comp comp-' + c.name + (k % 2 ? ' alt' : ''));
      span.dataset.name = c.name;
      span.tabIndex = 0;
      const label = c.name + ', bytes ' + c.start + ' to ' + c.end;
      span.setAttribute('aria-label', label);
      span.title = label;
      const say = () => { detail.textContent = label; };
      span.addEventListener('focus', say);
      span.addEventListener('mouseenter', say);
      box.append(span);
      open = span; openComp = c;
    };
    for (let i = 0; i <= cps.length; i++) {
      const at = i < cps.length ? starts[i] : total;
      if (openComp && at >= openComp.end) closeComp();
      while (k < comps.length && comps[k].start < at) k++; // off a character boundary: not drawn
      while (k < comps.length && comps[k].start === at && (i < cps.length || comps[k].end === at)) {
        closeComp();
        startComp(comps[k]);
        if (comps[k].end === at) closeComp();
        k++;
      }
      if (i === cps.length) break;
      if (!show(i)) {
        if (!skipped) target().append(el('span', 'badge gap', '\u2026 not shown \u2026'));
        skipped = true;
        continue;
      }
      skipped = false;
      const c = cps[i].codePointAt(0);
      let node;
      if (hidden(cps[i]) || flagged.has(at)) {
        node = el('span', 'badge', hex(c));
        node.title = hex(c) + ' at byte ' + at;
      } else {
        node = el('span', 'ch', cps[i]);
      }
      node.dataset.at = at;
      if (at === errAt) node.classList.add('err');
      target().append(node);
    }
    if (errAt === total) {
      const end = el('span', 'end err', ' ');
      end.dataset.at = total;
      end.title = 'the input ended here';
      box.append(end);
    }
    return { node: box, total };
  }

  // line returns s for running text: every string from the server goes
  // in this way, so none can reorder or hide what is around it.
  function line(s) {
    // Runs of plain characters as text, so the line wraps between words;
    // laid out in logical order (bidi-override), so a right-to-left word
    // reorders nothing around it; the rest as badges.
    const n = el('span', 'prose');
    let run = '';
    for (const ch of s) {
      if (ch === ' ' || !hidden(ch)) {
        run += ch;
        continue;
      }
      if (run) n.append(run);
      run = '';
      const b = el('span', 'badge', hex(ch.codePointAt(0)));
      n.append(b);
    }
    if (run) n.append(run);
    return n;
  }

  // para returns an element of class cls holding the parts, strings of
  // the page's own as text and strings from the server drawn by line.
  function para(tag, cls, ...parts) {
    const e = el(tag, cls);
    for (const p of parts) e.append(typeof p === 'string' ? p : line(p.v));
    return e;
  }
  const v = (s) => ({ v: String(s) });

  function indexAt(starts, byte) {
    let lo = 0, hi = starts.length;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (starts[m] < byte) lo = m + 1; else hi = m;
    }
    return lo;
  }

  function table(head, rows) {
    const t = el('table');
    const tr = el('tr');
    for (const h of head) tr.append(el('th', '', h));
    const thead = el('thead');
    thead.append(tr);
    const tb = el('tbody');
    for (const r of rows) tb.append(r);
    t.append(thead, tb);
    return t;
  }

  function valueCell(v) {
    const td = el('td', 'value');
    if (v === null || v === undefined) {
      td.append(el('span', 'note', '(none)'));
    } else {
      td.append(draw(v, [], -1, new Set()).node);
    }
    return td;
  }

  // flaggedBytes returns the offsets of the single characters lint flags,
  // which are drawn as badges even where they look harmless.
  function flaggedBytes(s, lint) {
    const f = new Set();
    const bytes = lint.length ? new TextEncoder().encode(s) : null;
    for (const v of lint) {
      if (v.length > 0 && v.length <= 4) {
        const ch = new TextDecoder().decode(bytes.subarray(v.offset, v.offset + v.length));
        if (Array.from(ch).length === 1 && ch.codePointAt(0) > 0x7f) f.add(v.offset);
      }
    }
    return f;
  }

  function render(s, x) {
    const a = el('article', 'ref');
    const h = el('h2');
    h.append(el('span', 'verdict ' + (x.valid ? 'valid' : 'invalid'), x.valid ? 'valid ' + x.rule : 'not a valid ' + x.rule));
    if (x.host_kind) h.append(el('span', 'note', ' \u00b7 host: ' + x.host_kind));
    a.append(h);
    const drawn = draw(s, x.components || [], x.error ? x.error.offset : -1, flaggedBytes(s, x.lint || []));
    a.append(drawn.node);
    if (drawn.total > SHOW) a.append(el('p', 'note', 'Showing the first ' + SHOW + ' characters of ' + drawn.total + ' bytes' + (x.error ? ', and those around the error.' : '.')));
    if (x.truncated) a.append(el('p', 'note', 'The server cut long strings in its answer, and reads no interop table of a reference this long.'));
    if (x.error) {
      a.append(para('p', 'error-msg', v(x.error.message)));
    }
    if (x.forms) {
      const rows = [];
      const names = [['uri', 'URI form (3.1)'], ['iri', 'IRI form (3.2)'], ['display', 'display form'], ['syntax', 'normal, syntax'], ['scheme', 'normal, scheme'], ['key', 'key'], ['resolved', 'resolved']];
      for (const [k, label] of names) {
        if (k in x.forms) {
          const tr = el('tr');
          tr.append(el('th', '', label), valueCell(x.forms[k]));
          rows.push(tr);
        } else if (x.form_errors && k in x.form_errors) {
          const tr = el('tr');
          tr.append(el('th', '', label), para('td', 'error-msg', v(x.form_errors[k])));
          rows.push(tr);
        }
      }
      a.append(table(['form', 'value'], rows));
    }
    if (x.compare) {
      const p = el('p', 'compare');
      p.append(el('span', '', 'compared with '), draw(x.compare.other, [], -1, new Set()).node);
      p.append(x.compare.error ? para('span', 'error-msg', ' ', v(x.compare.error)) : el('span', 'rung', ' equal at rung: ' + x.compare.rung));
      a.append(p);
    }
    const lint = x.lint || [];
    const lrows = lint.map((f) => {
      const tr = el('tr', 'lint-row');
      tr.append(el('td', 'sev-' + f.severity, f.severity), el('td', '', f.code), el('td', '', f.offset + (f.length ? '+' + f.length : '')), el('td', '', f.component), para('td', '', v(f.message)));
      return tr;
    });
    const ld = el('details');
    ld.open = lint.length > 0 && lint.length <= 12;
    ld.append(el('summary', '', 'lint: ' + (lint.length + (x.lint_omitted || 0)) + ' finding' + (lint.length + (x.lint_omitted || 0) === 1 ? '' : 's')));
    if (lint.length) ld.append(table(['severity', 'code', 'at', 'component', 'message'], lrows));
    if (x.lint_omitted) ld.append(el('p', 'note', x.lint_omitted + ' more not listed.'));
    a.append(ld);
    if (x.interop) a.append(renderInterop(x.interop));
    if (x.whatwg) {
      a.append(x.whatwg.error ? para('p', 'note', 'WHATWG: ', v(x.whatwg.error))
        : para('p', 'note', 'WHATWG href: ', v(x.whatwg.href), x.whatwg.warnings ? ' (' + x.whatwg.warnings.join(', ') + ')' : ''));
    }
    return a;
  }

  function renderInterop(r) {
    const d = el('details', 'interop');
    const differs = new Set(r.differs || []);
    d.open = differs.size > 0 || (r.refused || []).length > 0;
    d.append(el('summary', '', 'readers: ' + (differs.size ? 'they differ in ' + [...differs].join(', ') : 'they agree')));
    const comps = ['scheme', 'userinfo', 'host', 'port', 'path', 'query', 'fragment'];
    const rows = [];
    for (const name of ['rfc3986', 'rfc3987', 'whatwg', 'neturl']) {
      const tr = el('tr', 'reader');
      tr.append(el('th', '', name));
      const rd = r.readings ? r.readings[name] : null;
      if (!rd) {
        const td = para('td', 'error-msg', 'refuses: ', v((r.errors && r.errors[name]) || ''));
        td.colSpan = comps.length;
        tr.append(td);
      } else {
        for (const c of comps) {
          const td = valueCell(rd[c]);
          td.dataset.component = c;
          if (differs.has(c)) td.classList.add('differs');
          tr.append(td);
        }
      }
      rows.push(tr);
    }
    d.append(table(['reader'].concat(comps), rows));
    if ((r.causes || []).length) d.append(el('p', 'causes', 'causes: ' + r.causes.join(', ')));
    if (r.connect) {
      const parts = ['connects to: '];
      Object.entries(r.connect).forEach(([client, host], i) => parts.push((i ? ', ' : '') + client + ' ', v(host)));
      d.append(para('p', 'note connect', ...parts));
    }
    return d;
  }

  async function update() {
    results.dataset.busy = '1';
    const kept = writeHash();
    if (controller) controller.abort();
    controller = new AbortController();
    const signal = controller.signal;
    const lines = refs.value === '' ? [] : refs.value.split('\n');
    const shown = lines.slice(0, MAX_LINES);
    status.textContent = lines.length === 0 ? 'Type a reference.' : 'Reading ' + shown.length + (lines.length > MAX_LINES ? ' of ' + lines.length : '') + ' reference' + (lines.length === 1 ? '' : 's') + '\u2026';
    try {
      const answers = await Promise.all(shown.map((s) => {
        const body = { input: s, rule: rule.value };
        if (base.value) body.base = base.value;
        if (other.value) body.other = other.value;
        return fetch('/v1/explain', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal })
          .then((res) => res.ok ? res.json() : res.text().then((t) => ({ failed: res.status + ': ' + t })));
      }));
      if (signal.aborted) return;
      results.replaceChildren();
      answers.forEach((x, i) => {
        if (x.failed) {
          const a = el('article', 'ref');
          a.append(para('p', 'error-msg', v(x.failed)));
          results.append(a);
        } else {
          results.append(render(shown[i], x));
        }
      });
      status.textContent = (lines.length === 0 ? 'Type a reference.' : shown.length + ' reference' + (shown.length === 1 ? '' : 's') + (lines.length > MAX_LINES ? ' shown, of ' + lines.length : '') + '.') + (kept ? '' : ' (Too long to keep in the link.)');
    } catch (e) {
      if (e.name === 'AbortError') return;
      status.replaceChildren('The server did not answer: ', line(e.message));
    }
    // The answers on the page are those of the fields as they are: for
    // people, the status says so; for the browser tests, these.
    results.dataset.done = String(Number(results.dataset.done || 0) + 1);
    results.dataset.busy = '0';
  }

  // fieldNote says, under a field, which characters in it are drawn as
  // badges elsewhere: a form field cannot stop a bidi control in it from
  // reordering its text, so the page names them.
  function fieldNote(field) {
    let note = document.getElementById(field.id + '-note');
    if (!note) {
      note = el('p', 'field-note');
      note.id = field.id + '-note';
      note.setAttribute('aria-live', 'polite');
      field.after(note);
    }
    const found = new Set();
    for (const ch of field.value.slice(0, 1 << 16)) {
      if (ch !== ' ' && ch !== '\n' && hidden(ch)) found.add(hex(ch.codePointAt(0)));
      if (found.size > 12) break;
    }
    note.textContent = found.size ? 'This field holds characters that can reorder or hide its text: ' + [...found].join(' ') + '.' : '';
  }

  function later() {
    results.dataset.busy = '1';
    if (controller) controller.abort(); // its answers are for old text
    clearTimeout(timer);
    timer = setTimeout(update, 200);
  }

  readHash();
  for (const e of [refs, base, other]) {
    e.addEventListener('input', () => { fieldNote(e); later(); });
    fieldNote(e);
  }
  rule.addEventListener('change', later);
  window.addEventListener('hashchange', () => { clearTimeout(timer); readHash(); [refs, base, other].forEach(fieldNote); update(); });
  document.getElementById('controls').addEventListener('submit', (e) => e.preventDefault());
  update();
})();
