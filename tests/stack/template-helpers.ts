import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Annotations, App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { FunctionName } from '#functions/contract';
import { functions } from '#infra/app-manifest';
import { COGNITO_MAIL_WARNING } from '#infra/lib/auth';
import { type BuildStackProps, buildStack } from '#infra/lib/resume-builder-stack';

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON
export type Json = any;
export type Resources = Record<string, Json>;

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

/**
 * A stand-in for the built SPA (an index.html): the stack refuses to synth without one, and the tests must
 * not depend on `npm run build` having run (CI builds the app in another lane, at the same time).
 */
export const siteFixture = fileURLToPath(new URL('./fixtures/site', import.meta.url));

/** A fresh CDK app with cdk.json's feature flags and without esbuild bundling (never deploy its synth). */
export function testApp(context: Record<string, unknown> = {}): App {
  return new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...context } });
}

/**
 * Synthesizes the stack (the site fixture unless `frontendDist` is given) in a `testApp`. A dev stage
 * without SES warns at every synth; that warning has its own test (deploy.test.ts), so it is acknowledged.
 */
export function synth(props: BuildStackProps): { stack: Stack; template: Template } {
  const stack = buildStack(testApp(), { frontendDist: siteFixture, ...props });
  Annotations.of(stack).acknowledgeWarning(COGNITO_MAIL_WARNING, 'Stack tests run without SES');
  return { stack, template: Template.fromStack(stack) };
}

/** Every logical id referenced through Ref or Fn::GetAtt anywhere inside a value (pseudo parameters excluded). */
export function referencedIds(value: Json): Set<string> {
  const ids = new Set<string>();
  const walk = (node: Json): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
    } else if (node !== null && typeof node === 'object') {
      if (typeof node.Ref === 'string' && !node.Ref.startsWith('AWS::')) ids.add(node.Ref);
      if (Array.isArray(node['Fn::GetAtt']) && typeof node['Fn::GetAtt'][0] === 'string') {
        ids.add(node['Fn::GetAtt'][0]);
      }
      for (const child of Object.values(node)) walk(child);
    }
  };
  walk(value);
  return ids;
}

/** The single resource of a type matching a predicate; fails when there is none or several. */
export function only(
  resources: Resources,
  predicate: (resource: Json, id: string) => boolean,
): [string, Json] {
  const matches = Object.entries(resources).filter(([id, resource]) => predicate(resource, id));
  if (matches.length !== 1) {
    throw new Error(`expected exactly one matching resource, found ${matches.length}`);
  }
  return matches[0] as [string, Json];
}

/** Logical id of a manifest function, found by its manifest description. */
export function functionId(template: Template, name: FunctionName): string {
  const [id] = only(
    template.findResources('AWS::Lambda::Function'),
    (fn) => fn.Properties.Description === functions[name].description,
  );
  return id;
}

/** The inline policy statements attached to a function's execution role. */
export function roleStatements(template: Template, fnId: string): Json[] {
  const fn: Json = template.findResources('AWS::Lambda::Function')[fnId];
  const roleIds = referencedIds(fn.Properties.Role);
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => [...referencedIds(policy.Properties.Roles)].some((id) => roleIds.has(id)))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}

export function actionsOf(statements: Json[]): string[] {
  return statements.flatMap((statement) => [statement.Action].flat());
}

/** Renders a CloudFormation string (plain or Fn::Join) with `${Ref}` / `${Id.Attr}` placeholders. */
export function cfnString(value: Json): string {
  if (typeof value === 'string') return value;
  if (value?.Ref) return `\${${value.Ref}}`;
  if (value?.['Fn::GetAtt']) return `\${${value['Fn::GetAtt'].join('.')}}`;
  if (value?.['Fn::Join']) {
    const [separator, parts] = value['Fn::Join'] as [string, Json[]];
    return parts.map(cfnString).join(separator);
  }
  if (value?.['Fn::Select']) return `\${Fn::Select${JSON.stringify(value['Fn::Select'])}}`;
  throw new Error(`not a CloudFormation string: ${JSON.stringify(value)}`);
}

/** Runs a CloudFront Function's viewer-request handler on a URI. */
/** What a viewer sends besides the URI, in CloudFront's event shape (`{ name: { value } }`). */
export interface ViewerParts {
  headers?: Record<string, { value: string }>;
  querystring?: Record<string, { value: string }>;
  cookies?: Record<string, { value: string }>;
}

export function runViewerRequest(code: string, uri: string, viewer: ViewerParts = {}): string {
  const handler = new Function(`${code}\nreturn handler;`)() as (event: Json) => { uri: string };
  const { headers = {}, querystring = {}, cookies = {} } = viewer;
  return handler({ request: { uri, method: 'GET', headers, querystring, cookies } }).uri;
}
