/** A phone number as 我的 shows it: 138****0000 (11 digits); anything else is shown as it is. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone
}
