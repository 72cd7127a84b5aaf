/** Reviewing feedback and reports, and the controls over inviting, are for admins (users.is_admin). */
export function canReview(user: { isAdmin: boolean }): boolean {
  return user.isAdmin;
}
