/** What other features may use of the notifications area: how a rule's events look and sound. */
export { TOAST_COLORS, TOAST_POSITIONS, lookOf, ruleFor, type NotificationLook, type ToastColor, type ToastPosition } from './notificationLook.ts';
export { playSound } from './sounds.ts';
