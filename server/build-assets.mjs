// After `tsc -p tsconfig.build.json`: the files the built server reads beside its code (the SQL migrations).
import { cpSync } from 'node:fs';

cpSync(new URL('./db/migrations/', import.meta.url), new URL('./dist/server/db/migrations/', import.meta.url), { recursive: true });
