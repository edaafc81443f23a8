/** A shipping address as orders, the address book and the payment adapters keep it (a shape, not a table). */
export type ShippingAddress = {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};
