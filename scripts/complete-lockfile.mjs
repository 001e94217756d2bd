// The registry mirror this project is built against serves only the platform-specific optional packages
// of its own platform, so `npm install` leaves the other platforms' optional bindings out of the lock
// file and `npm ci` then refuses it. This adds those entries (optional, with their os/cpu limits) so the
// lock file is complete; npm skips them on every platform they do not match.
import fs from 'node:fs';

const lockPath = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const PLATFORMS = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'android-arm-eabi': { os: ['android'], cpu: ['arm'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'], libc: ['glibc'] },
  'linux-arm-musleabihf': { os: ['linux'], cpu: ['arm'], libc: ['musl'] },
  'linux-ppc64-gnu': { os: ['linux'], cpu: ['ppc64'], libc: ['glibc'] },
  'linux-riscv64-gnu': { os: ['linux'], cpu: ['riscv64'], libc: ['glibc'] },
  'linux-riscv64-musl': { os: ['linux'], cpu: ['riscv64'], libc: ['musl'] },
  'linux-s390x-gnu': { os: ['linux'], cpu: ['s390x'], libc: ['glibc'] },
  'openharmony-arm64': { os: ['openharmony'], cpu: ['arm64'] },
  'win32-ia32-msvc': { os: ['win32'], cpu: ['ia32'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'linux-arm64-gnu': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'linux-x64-gnu': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
  'linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] || (path && lock.packages[`${path}/node_modules/${name}`])) continue;
    const platform = Object.entries(PLATFORMS).find(([suffix]) => name.endsWith(`-${suffix}`));
    if (!platform) continue;
    lock.packages[key] = { version, optional: true, ...platform[1] };
    added++;
  }
}
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} optional platform entries`);
