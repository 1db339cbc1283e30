#!/usr/bin/env node
// The `countertop` command. The CLI is TypeScript sharing src/ with the storefront; tsx compiles it on the fly.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
