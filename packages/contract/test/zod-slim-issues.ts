/** How the zod-slim tests compare the slim `z`'s issues with classic zod's. */

export interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  errors?: Issue[][];
  issues?: Issue[];
}

/** zod's own texts for its issues are English words the browser builds leave out: both sides say 'Invalid input'. */
export const classicParams = { error: () => 'Invalid input' };

/** What the slim `z` keeps of an issue: code, path, message, and a union's or a record key's own issues. */
export const brief = (issue: Issue): unknown => ({
  code: issue.code,
  path: issue.path,
  message: issue.message,
  ...(issue.errors && { errors: issue.errors.map((option) => option.map(brief)) }),
  ...(issue.issues && { issues: issue.issues.map(brief) }),
});
