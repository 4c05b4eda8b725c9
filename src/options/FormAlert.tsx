/** What went wrong with a whole form, announced as soon as it appears. */
export function FormAlert({ message }: { readonly message: string | undefined }) {
  return message === undefined ? null : (
    <p role="alert" className="perch-problem">
      {message}
    </p>
  );
}
