/** The emulator's own Chinese strings (data it generates and hands to the app). */
export const emulatorStrings = Object.freeze({
  /** SPEC 5: the default nickname when the login gives none ("family user"). */
  familyUser: '家庭用户',
})
