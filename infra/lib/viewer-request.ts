/**
 * The CloudFront Function (viewer request) in front of the site bucket. It picks the object a page path is
 * served from, the way the local site server does (scripts/src/local/site-server.ts):
 *   - a prerendered page (`/about`, `/about/`) → its own HTML (`/about/index.html`), so content is in the
 *     first response;
 *   - any other path without a file extension (`/dashboard`, `/reset-password/<token>`) → the SPA shell
 *     (`/shell.html`, SPA_SHELL_FILE), which routes on the client;
 *   - a path with an extension (`/assets/index-abc.js`, `/favicon.ico`) → unchanged.
 * This replaces distribution-wide custom error responses, which would also turn an API's 403/404 into
 * index.html. It is attached to the default (S3) behaviour only, so `/api/*` never passes through it.
 */
import { SPA_SHELL_FILE, prerenderedFile } from '@club/shared';

/**
 * The function's source for the CloudFront JS 2.0 runtime (a restricted ES5.1+ subset: no modules, so
 * plain `var` and one global `handler`). `prerenderedPaths` are the pages whose HTML is in the upload.
 */
export function viewerRequestCode(prerenderedPaths: readonly string[]): string {
  const files: Record<string, string> = {};
  for (const path of prerenderedPaths) files[path] = `/${prerenderedFile(path)}`;
  return `var PRERENDERED = ${JSON.stringify(files)};

function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.slice(0, -1) : uri;
  if (Object.prototype.hasOwnProperty.call(PRERENDERED, path)) {
    request.uri = PRERENDERED[path];
  } else if (path.slice(path.lastIndexOf('/') + 1).indexOf('.') === -1) {
    request.uri = ${JSON.stringify('/' + SPA_SHELL_FILE)};
  }
  return request;
}
`;
}
