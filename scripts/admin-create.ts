// Creates a back office account: `npm run admin:create -- --email a@b.c --role owner|manager [--name "Ann"] [--lang ru]`.
// Asks for the password on a terminal; otherwise (or with --generate) generates one and prints it once.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { staffRoleSchema } from '../src/contract/admin';
import { createStaff } from '../src/server/api/admin/staff';
import { readConfig } from '../src/server/config';
import { openMigratedDatabase } from '../src/server/seed/database';
import { choosePassword } from './lib/password-prompt';

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

const config = readConfig();
const { password, generated } = await choosePassword(input.data.email, values.generate);
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
