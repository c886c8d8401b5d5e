// Moved to ~/lib/schema-fields so the try-it panels can read it without importing from docs/.
export * from '~/lib/schema-fields';
