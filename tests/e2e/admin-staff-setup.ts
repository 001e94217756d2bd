// Before the end-to-end server starts: migrates its fresh database and adds a back office manager with a known
// password, so the journeys can act as a manager as well as the seeded demo owner.
import { createStaff } from '../../src/server/api/admin/staff';
import { readConfig } from '../../src/server/config';
import { openMigratedDatabase } from '../../src/server/seed/database';
import { E2E_MANAGER } from './admin-helpers';

const config = readConfig();
const handle = await openMigratedDatabase(config);
try {
  await createStaff(handle.db, { ...E2E_MANAGER, role: 'manager' }, { cost: config.passwordHashCost });
} finally {
  await handle.close();
}
