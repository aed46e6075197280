/** Leaving the app for a payment page or the billing portal; tests replace `assign`. */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
