/* Read by the try-it panels (field bounds and defaults) and the API reference alike; lives in the catalog. */
export { type FieldDoc, schemaField, schemaFields } from '@toolkit/catalog';
