import { ensurePgliteTemplate, ensurePgTemplate } from "./template";

export default async function globalSetup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) await ensurePgTemplate(url);
  else await ensurePgliteTemplate();
}
