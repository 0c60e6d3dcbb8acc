// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server. A fresh clone therefore needs only `npm install && npm start`.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const web = 'apps/web';
const builtIndex = join(web, 'dist', 'index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const sources = [
  join(web, 'src'),
  join(web, 'public'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, 'vite'),
  join(web, 'service-worker'),
  'packages/shared/src',
];
const needsBuild =
  !existsSync(builtIndex) ||
  Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(builtIndex).mtimeMs;

if (needsBuild) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '--workspace', web], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  stdio: 'inherit',
});
// A signal sent to this process alone is passed on. One sent to the whole group (Ctrl+C, a
// container stop) reaches the server directly as well; it shuts down once and ignores the repeat.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
