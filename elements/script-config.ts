/**
 * Reads the script tag's configuration. Imported first by the script-tag entry:
 * defining the elements upgrades those already in the page, and they must find
 * the vendor's host and API before they ask the server anything.
 */
import { captureScriptConfig } from '../src/core/platform/config.ts';

captureScriptConfig();
