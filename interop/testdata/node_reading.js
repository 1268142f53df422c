// Reads one JSON array [input, base] a line (base may be null) and
// writes one JSON line for each: the components of new URL(input, base)
// ({"protocol", "username", "password", "hostname", "port", "pathname",
// "search", "hash"}), or {"failure": true} where it throws. package
// interop's TestNodeWHATWG drives it.
const readline = require('readline');
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
rl.on('line', (line) => {
  const [input, base] = JSON.parse(line);
  let rec;
  try {
    const u = base === null ? new URL(input) : new URL(input, base);
    rec = {
      protocol: u.protocol, username: u.username, password: u.password, hostname: u.hostname,
      port: u.port, pathname: u.pathname, search: u.search, hash: u.hash,
    };
  } catch (e) {
    rec = { failure: true };
  }
  out.push(JSON.stringify(rec));
});
rl.on('close', () => {
  if (out.length > 0) process.stdout.write(out.join('\n') + '\n');
});
