/**
 * `npm start`'s build step: builds the web app only when its inputs changed since the build in
 * dist/web was made (the build records their digest, apps/web/build-inputs.ts), or when there is
 * none. `npm run build` always builds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildInputsDigest, STAMP } from '../apps/web/build-inputs';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = path.join(root, STAMP);
const built = existsSync(path.join(root, 'dist/web/index.html')) && existsSync(stamp);
if (built && readFileSync(stamp, 'utf8').trim() === buildInputsDigest(root)) {
  console.log('The web app has not changed since its last build: starting without building it again.');
} else {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
