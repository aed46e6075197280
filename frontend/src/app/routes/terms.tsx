/** `/terms`: the Terms of Service (placeholder until its page lands, issue 12). */
export function TermsRoute() {
  return null;
}
