// Reads one JSON array [input, base] a line (base may be null) and
// writes one JSON line for each: {"href": ...} for what new URL(input,
// base) gives, {"failure": true} where it throws. package whatwg's
// TestNodeURL drives it.
const readline = require('readline');
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
rl.on('line', (line) => {
  const [input, base] = JSON.parse(line);
  let rec;
  try {
    const u = base === null ? new URL(input) : new URL(input, base);
    rec = { href: u.href };
  } catch (e) {
    rec = { failure: true };
  }
  out.push(JSON.stringify(rec));
  if (out.length >= 1024) {
    process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  }
});
rl.on('close', () => {
  if (out.length > 0) process.stdout.write(out.join('\n') + '\n');
});
