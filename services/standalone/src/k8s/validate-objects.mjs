// Validates Kubernetes objects against the API's schemas (the kubernetes-models package, offline). Reads a JSON
// array of objects on stdin, writes a JSON array of { object, errors } for the invalid ones (and for kinds it has
// no model of) on stdout. A plain ES module run by Node: the package is ESM-only and exports for `import` alone,
// which jest's CommonJS resolver cannot load (k8s.test.ts runs this with the project's Node).
import { readFileSync } from 'node:fs';

/** apps/v1 -> kubernetes-models/apps/v1/Kind; v1 (the core group) -> kubernetes-models/v1/Kind. */
function modelPath(apiVersion, kind) {
  return `kubernetes-models/${apiVersion}/${kind}`;
}

async function problemsOf(object) {
  const name = `${object.kind}/${object.metadata?.name ?? '?'}`;
  let Model;
  try {
    ({ [object.kind]: Model } = await import(modelPath(object.apiVersion, object.kind)));
  } catch {
    return { object: name, errors: [`no schema for ${object.apiVersion} ${object.kind}`] };
  }
  try {
    new Model(object).validate();
    return null;
  } catch (error) {
    const details = Array.isArray(error?.errors) ? error.errors.map((e) => `${e.instancePath} ${e.message}`) : [String(error)];
    return { object: name, errors: details };
  }
}

const objects = JSON.parse(readFileSync(0, 'utf8'));
const problems = (await Promise.all(objects.map(problemsOf))).filter((problem) => problem !== null);
process.stdout.write(JSON.stringify(problems));
