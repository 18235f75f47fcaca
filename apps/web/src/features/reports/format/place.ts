/** Where something happened: its address when the server has one, else its coordinates. */
export function place(address: string | null | undefined, latitude: number, longitude: number): string {
  return address || `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}
