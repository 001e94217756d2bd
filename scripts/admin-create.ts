// Creates a back office account: `npm run admin:create -- --email a@b.c --role owner|manager [--name "Ann"] [--lang ru]`.
// Asks for the password on a terminal; otherwise (or with --generate) generates one and prints it once.
import { randomBytes } from 'node:crypto';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { STAFF_PASSWORD_MIN_LENGTH, staffRoleSchema } from '../src/contract/admin';
import { createStaff } from '../src/server/api/admin/staff';
import { readConfig } from '../src/server/config';
import { openMigratedDatabase } from '../src/server/seed/database';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string', default: 'manager' },
    name: { type: 'string' },
    lang: { type: 'string', default: 'en' },
    generate: { type: 'boolean', default: false },
  },
});

const input = z
  .object({ email: z.email(), role: staffRoleSchema, name: z.string().trim().max(100).optional(), lang: z.enum(['en', 'ru']) })
  .safeParse(values);
if (!input.success) {
  console.error(`admin:create: ${input.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}`);
  console.error('usage: npm run admin:create -- --email someone@example.com --role owner|manager [--name "Name"] [--lang en|ru]');
  process.exit(2);
}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    let asked = false;
    output._writeToOutput = (s: string) => {
      if (!asked) process.stdout.write(s);
      asked = true;
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function choosePassword(): Promise<{ password: string; generated: boolean }> {
  if (!values.generate && process.stdin.isTTY) {
    for (;;) {
      const password = await askHidden(`Password for ${input.data!.email} (empty to generate one): `);
      if (password === '') break;
      if (password.length < STAFF_PASSWORD_MIN_LENGTH) {
        console.error(`Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`);
        continue;
      }
      if ((await askHidden('Repeat it: ')) === password) return { password, generated: false };
      console.error('The two did not match.');
    }
  }
  return { password: randomBytes(15).toString('base64url'), generated: true };
}

const config = readConfig();
const { password, generated } = await choosePassword();
const handle = await openMigratedDatabase(config);
try {
  const staff = await createStaff(handle.db, { ...input.data, password }, { cost: config.passwordHashCost });
  if (!staff) {
    console.error(`admin:create: ${input.data.email} already has a back office account`);
    process.exitCode = 1;
  } else {
    console.log(`Created ${staff.role} ${staff.email}; sign in at ${config.publicUrl}/admin/`);
    if (generated) console.log(`Password (shown only now): ${password}`);
  }
} finally {
  await handle.close();
}
