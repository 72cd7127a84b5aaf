/** Reviewing feedback and reports is for admins (users.is_admin). */
export function canReview(user: { isAdmin: boolean }): boolean {
  return user.isAdmin;
}
