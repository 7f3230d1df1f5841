/** shell.md 9: the delete error stays 3000 ms. */
export const PRESET_DELETE_ERROR_MS = 3000;
