/**
 * Gate 1: the official DDEX ERN 4.3 schema, validated in-process by libxml2 compiled to WebAssembly (xmllint-wasm,
 * which runs it in a worker thread, so the event loop stays free). The schemas are vendored beside this module
 * (xsd/, © DDEX, see xsd/NOTICE.md) and read once; nothing is fetched at run time.
 *
 * Each call compiles the 3.5 MB schema again (about half a second here), so messages are validated in batches:
 * one call for many files costs about the same as one for a single file.
 */
import { readFile } from 'node:fs/promises';
import { validateXML } from 'xmllint-wasm';
import { type GateIssue, issue } from './gate-result';

const XSD_DIR = new URL('../xsd/', import.meta.url);

let schemas: Promise<{ main: string; avs: string }> | undefined;

function loadSchemas() {
  schemas ??= Promise.all([
    readFile(new URL('release-notification.xsd', XSD_DIR), 'utf8'),
    readFile(new URL('allowed-value-sets.xsd', XSD_DIR), 'utf8'),
  ]).then(([main, avs]) => ({ main, avs }));
  return schemas;
}

/** Files per xmllint call: enough to share the schema's compilation, few enough to keep memory modest. */
const BATCH = 100;
/** 1 GiB of WebAssembly memory at most (in 64 KiB pages): the schema alone takes a few hundred MB compiled. */
const MAX_MEMORY_PAGES = 16_384;

/** Validates each XML text against the ERN 4.3 schema; answers the issues of each, in the same order. */
export async function validateAgainstXsd(xmls: readonly string[]): Promise<GateIssue[][]> {
  const { main, avs } = await loadSchemas();
  const results: GateIssue[][] = [];
  for (let from = 0; from < xmls.length; from += BATCH) {
    const chunk = xmls.slice(from, from + BATCH);
    const names = chunk.map((_, i) => `message-${from + i}.xml`);
    const res = await validateXML({
      xml: chunk.map((contents, i) => ({ fileName: names[i]!, contents })),
      schema: { fileName: 'release-notification.xsd', contents: main },
      preload: { fileName: 'allowed-value-sets.xsd', contents: avs },
      maxMemoryPages: MAX_MEMORY_PAGES,
    });
    const byFile = new Map<string, GateIssue[]>(names.map((n) => [n, []]));
    for (const e of res.errors) {
      // xmllint closes with "<file> fails to validate" for each failing file: a summary, not an error of its own.
      if (!e.loc && e.rawMessage.trim().endsWith('fails to validate')) continue;
      const list = e.loc ? byFile.get(e.loc.fileName) : undefined;
      const found = issue('xsd', 'xsd.invalid', e.loc ? `line ${e.loc.lineNumber}` : '', e.message);
      // An error xmllint could not place in a file: every file of the call is held back, not only one.
      if (list) list.push(found);
      else for (const l of byFile.values()) l.push(found);
    }
    if (!res.valid && res.errors.length === 0)
      for (const l of byFile.values()) l.push(issue('xsd', 'xsd.invalid', '', res.rawOutput.slice(0, 500)));
    results.push(...names.map((n) => byFile.get(n)!));
  }
  return results;
}
