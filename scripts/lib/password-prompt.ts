/** The first password of a back office account: asked on a terminal, else (or when `generate`) generated. */
import { randomBytes } from 'node:crypto';
import readline from 'node:readline';
import { STAFF_PASSWORD_MIN_LENGTH, staffPasswordLength } from '../../src/contract/admin';
import { isCommonPassword } from '../../src/lib/common-passwords';

/** Reads a line from the terminal. */
export function askLine(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    });
  });
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

export async function choosePassword(email: string, generate: boolean): Promise<{ password: string; generated: boolean }> {
  if (!generate && process.stdin.isTTY) {
    for (;;) {
      const password = await askHidden(`Password for ${email} (empty to generate one): `);
      if (password === '') break;
      if (staffPasswordLength(password) < STAFF_PASSWORD_MIN_LENGTH) {
        console.error(`Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters (spaces do not count).`);
        continue;
      }
      if (isCommonPassword(password)) {
        console.error('This password is one of the most common ones, choose another.');
        continue;
      }
      if ((await askHidden('Repeat it: ')) === password) return { password, generated: false };
      console.error('The two did not match.');
    }
  }
  return { password: randomBytes(15).toString('base64url'), generated: true };
}
