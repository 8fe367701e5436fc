/** /verification: the New Verification form (being built). */
export function NewVerificationPage() {
  return <div className="dv-page">New Verification</div>;
}
