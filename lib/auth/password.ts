import bcrypt from "bcryptjs";

const COST = 10;

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, COST);
}

export function verifyPassword(plain: string, hash: string | null | undefined): Promise<boolean> {
  // Compare against a fixed hash when the user has none, so timing does not tell
  // whether the e-mail exists.
  return bcrypt.compare(plain, hash ?? "$2b$10$CwTycUXWue0Thq9StjUM0uJ8.W5bKZ7u3Lq7dJ9m1XoB0v3aYbS1K");
}
