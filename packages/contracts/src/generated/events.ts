// TypeScript types for the events contract, generated from specs/events/openapi.yaml by
// `npm run generate -w packages/contracts`. Do not edit by hand: change the spec and regenerate.

export interface paths {
    "/event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive an order event
         * @description Stream calls your endpoint with every order event for the locations you serve:
         *     `order.created` when the merchant confirms an order, `order.updated` when it changes status or
         *     its delivery moves on, `order.canceled` when it is canceled. `type` tells them apart; each
         *     also has its own page under *Webhooks*.
         *
         *     **Verify first.** Check `Stream-Signature` against the raw body before parsing it and answer
         *     `401` when it is missing or wrong.
         *
         *     **Validate.** Answer `400` with a `posValidation` body (one `orderValidation` entry of
         *     `order_error: other` that says what is wrong) when the body is not JSON, lacks a field the
         *     contract requires, or gives a field it names the wrong type or value; this holds for
         *     `order.updated` and `order.canceled` too, whose valid bodies are never refused. Ignore a field
         *     the contract does not name, and answer `204` to a body whose `type` you do not handle or that
         *     has no `type` string (a `4xx` is accepted too; never a `5xx`).
         *
         *     **Answer fast.** Stream waits 10 seconds for your answer. Record the event
         *     and answer; do slow work (dispatching a driver, notifying staff) afterwards.
         *
         *     **Answers.**
         *     - `order.created`: `201` with your `provider_id` for the order (and, optionally,
         *       `prep_time_minutes`), or `400` with a `posValidation` body to refuse the order.
         *     - `order.updated` and `order.canceled`: `204` with no body. Answer `204`
         *       even for an order you do not know (one you refused, for example) so Stream stops sending it.
         *       An update or cancellation whose `object.order_id` is an order of yours at another location
         *       than its `object.location_id` is such an order: answer `204` and change no order.
         *       Answer `204` whatever came before: an update or a cancellation of an order already canceled
         *       or completed, and the same event again under a new `event_id`, are acknowledged like any other.
         *
         *     **Retries.** Stream treats any `2xx` as delivered and a `400` as a final
         *     refusal; it retries any other outcome (a timeout, a network error, `401`, `429`, `5xx`)
         *     with exponential backoff for up to 24 hours, sending the same bytes and the same `event_id`.
         *
         *     **Duplicates.** The same event can arrive more than once. Deduplicate by `event_id`, and for
         *     `order.created` also by the order id (`object.id`): when you already recorded the order,
         *     answer `201` with the `provider_id` you gave the first time, whatever happened to the order
         *     since (completed or canceled).
         */
        post: operations["receiveOrderEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/event-provider/{partner_slug}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Your integration's slug (lower-case words joined by hyphens), issued by Stream when your
                 *     integration is set up. It tells Stream which integration is calling.
                 * @example acme-partner
                 */
                partner_slug: components["parameters"]["PartnerSlug"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a driver assignment or a delivery status
         * @description You (the event provider) call Stream to report on the delivery of an order Stream sent you:
         *     an assign-driver event when a driver takes the order (or the driver changes), and a
         *     delivery-status event each time the delivery moves on. The body is one or the other,
         *     never both.
         *
         *     You sign these calls as Stream signs its own: `Stream-Signature` is the
         *     HMAC-SHA256 of the raw body under the same webhook secret, as lower-case hex. Stream answers
         *     `401` to an unsigned or wrongly signed call.
         *
         *     Stream answers `204` when it has recorded the event. Sending the same event
         *     twice is harmless (Stream keeps the latest driver and the latest status), so you should retry
         *     a timeout, a network error, a `429` or a `5xx` with backoff, and not a `400` or a `404`.
         *
         *     Because Stream keeps the latest value it receives, send one order's events one at a time, each
         *     after the previous one got its `204`: two sends for the same order in flight at once (the
         *     driver assignment and the status that follows it, sent in parallel) can land in either order.
         */
        post: operations["sendDeliveryUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "order.confirmed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Order confirmed
         * @description Stream calls your `POST /event` when the merchant confirms an order at a location you serve;
         *     `object` is the confirmed order. Answer `201` with your `provider_id` for the order, or `400`
         *     to refuse it.
         *
         *     The event is named `order.confirmed`, but its envelope `type` is `order.created`; branch on
         *     `type == "order.created"`.
         *
         *     Deduplicate by `event_id` and by `object.id`: when you already recorded the order, answer
         *     `201` with the same `provider_id`. See `POST /event` for timing and retries.
         */
        post: operations["receiveOrderConfirmedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Order updated
         * @description Stream calls your `POST /event` when a confirmed order changes status (`object.status`, for
         *     example `ready_for_pickup`) or its delivery moves on (`delivery_status`, `driver_details`).
         *     Answer `204`.
         *
         *     Deduplicate by `event_id`. You should use `occurred_at` to ignore an update older than the last
         *     one you applied for the same `object.order_id`. See `POST /event` for timing and retries.
         */
        post: operations["receiveOrderUpdatedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Order canceled
         * @description Stream calls your `POST /event` when a confirmed order is canceled, for example by the
         *     merchant (`object.status` `merchant_canceled`). Call off any delivery you started for it and
         *     answer `204`.
         *
         *     Deduplicate by `event_id`; a cancellation is final, so ignore later updates for the same
         *     `object.order_id`. See `POST /event` for timing and retries.
         */
        post: operations["receiveOrderCanceledEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * Format: uuid
         * @description Stream's unique id for this event, a UUID. Every retry of one event carries
         *     the same `event_id`, and no two events share one. Store the ids you have processed and answer
         *     a repeated id as you answered it the first time, without acting on it again.
         * @example 0b7e5c3a-9f14-4d2e-8a61-5c3f2b9d7e10
         */
        EventId: string;
        /**
         * Format: date-time
         * @description When the change happened at Stream (RFC 3339, UTC), identical on every retry.
         *     Retries can deliver events for one order out of order, so you should ignore an `order.updated`
         *     older than the last one you applied for the same order.
         * @example 2025-06-12T18:04:12Z
         */
        EventOccurredAt: string;
        /**
         * @description Phone number in E.164 format, a plus sign followed by up to 15 digits, country code first.
         * @example +14155550123
         */
        E164PhoneNumber: string;
        /**
         * @description The person who placed the order. Only `name` is required, since a
         *     drive-thru or dine-in customer may leave no contact details; the events API's confirmed
         *     order carries the same customer as the DSP's new order.
         */
        Customer: {
            /**
             * @description Name to call out or write on the bag.
             * @example Dana Whitfield
             */
            name: string;
            /**
             * Format: email
             * @description Customer email, when the DSP shares it.
             * @example dana.whitfield@mail.example
             */
            email?: string;
            phone?: components["schemas"]["E164PhoneNumber"];
            /**
             * @description When `phone` is a masked (proxy) relay number, the extension or code to dial after it to
             *     reach this customer.
             * @example 482 193
             */
            masked_phone_code?: string;
        };
        /**
         * @description ISO 4217 currency code in upper case (`USD`, not `usd`). The POS and events APIs use upper
         *     case; the DSP API uses lower case and has its own `Currency`.
         * @example USD
         */
        CurrencyCode: string;
        /**
         * @description How the customer gets the order. The events API carries five of Stream's fulfillment types:
         *     `stream_managed_delivery` and `drive_thru` orders are never sent to event providers.
         *     It is a schema of its own, apart from the seven-value `FulfillmentType` the DSP and POS APIs
         *     share.
         * @example merchant_managed_delivery
         * @enum {string}
         */
        EventsFulfillmentType: "curbside" | "delivery" | "dine_in" | "merchant_managed_delivery" | "pickup";
        /**
         * @description A postal address: where a location is, or where an order is delivered. The partner, POS and
         *     events APIs share this one shape (the DSP's location address is a different, DSP-only shape).
         *     Only `address_line_1` is required.
         *
         *     The shape is closed (`additionalProperties: false`) in every API that uses
         *     it, so the one shared address stays exact; a new address field is added to all of them at
         *     once.
         */
        Address: {
            /**
             * @description The whole address on one line, as it would be printed.
             * @example 1600 Mission St, Suite 200, San Francisco, CA 94103, US
             */
            formatted_address?: string;
            /**
             * @description Street number and name.
             * @example 1600 Mission St
             */
            address_line_1: string;
            /**
             * @description Suite, unit, apartment or floor.
             * @example Suite 200
             */
            address_line_2?: string;
            /** @description Any further address detail. */
            address_line_3?: string;
            /**
             * @description Postal or ZIP code.
             * @example 94103
             */
            postal_code?: string;
            /**
             * @description City or town.
             * @example San Francisco
             */
            locality?: string;
            /**
             * @description State, province or region, as the subdivision part of its ISO 3166-2 code (`CA` for
             *     California, `NY` for New York, `NSW` for New South Wales). The country
             *     prefix (`US-`) is left out, since `country` carries it.
             * @example CA
             */
            administrative_district_level_1?: string;
            /**
             * @description ISO 3166-1 alpha-2 country code, upper case (`US`).
             * @example US
             */
            country?: string;
            /**
             * @description Degrees north of the equator (WGS 84); negative for south.
             * @example 37.7687
             */
            latitude?: number;
            /**
             * @description Degrees east of Greenwich (WGS 84); negative for west.
             * @example -122.4156
             */
            longitude?: number;
        };
        /** @description A modifier chosen for an item or for another modifier (a nested modifier). */
        OrderItemModifier: {
            /**
             * @description Stream's id of the modifier.
             * @example mod_9c2e1
             */
            id: string;
            /** @example Extra cheese */
            name: string;
            /**
             * @description How many of this modifier, per one of its parent.
             * @example 1
             */
            quantity: number;
            /**
             * @description Price of one of this modifier, in the lowest currency unit of the order's `currency`.
             * @example 150
             */
            price: number;
            /** @description Modifiers chosen for this modifier, when its modifier groups nest further choices. */
            modifiers?: components["schemas"]["OrderItemModifier"][];
        };
        /**
         * @description One line of the order. `price` is the price of one item without its
         *     modifiers, and the order's `currency` applies to every amount, so items carry no currency.
         */
        OrderItem: {
            /**
             * @description Stream's id of the item (the variation ordered).
             * @example itm_4f81a
             */
            id: string;
            /** @example Margherita pizza */
            name: string;
            /** @example 2 */
            quantity: number;
            /**
             * @description Price of one item without modifiers, in the lowest currency unit of the order's `currency`.
             * @example 1299
             */
            price: number;
            modifiers?: components["schemas"]["OrderItemModifier"][];
            /**
             * @description The customer's note for this item.
             * @example No basil, please.
             */
            special_instructions?: string;
        };
        /**
         * @description An order the merchant has confirmed, as Stream recorded it. Amounts are integers in the lowest
         *     unit of `currency`.
         *
         *     Every required field is always present (`delivery_fee` is `0` when nothing was charged); `location_id` and `placed_at` let you route and time the order, and `special_instructions` is present when the customer left a note.
         *
         *     `delivery_address` is required when `fulfillment_type` is `merchant_managed_delivery`, and
         *     sent for other fulfillment types when Stream has one.
         */
        ConfirmedOrder: {
            /**
             * @description Stream's id of the order. Later events for the order carry it as `order_id`, and you send
             *     it back as `order_id` when you assign a driver or report a delivery status.
             * @example ord_7d2f9a41
             */
            id: string;
            /**
             * @description Stream's id of the merchant location that takes the order.
             * @example loc_51b0c3
             */
            location_id: string;
            customer: components["schemas"]["Customer"];
            currency: components["schemas"]["CurrencyCode"];
            /**
             * @description The order's id on the DSP where the customer placed it, written as that DSP writes it: a UUID
             *     for some, another shape for others, so take any string.
             * @example 3f6c0e8b-2d4a-4b7e-9a51-0c7d2e6f1a90
             */
            dsp_order_id: string;
            /**
             * @description Short order number the DSP shows the customer and the driver, for handoff, in the DSP's own shape (letters, digits, a dash).
             * @example A7K2
             */
            dsp_order_number: string;
            /**
             * Format: date-time
             * @description When the customer placed the order (RFC 3339, UTC).
             * @example 2025-06-12T18:04:11Z
             */
            placed_at: string;
            /**
             * Format: date-time
             * @description When the order is expected to be handed to the customer or the driver (RFC 3339, UTC).
             *     A timestamp rather than epoch milliseconds. When the merchant gave no
             *     estimate, Stream uses 30 minutes after `placed_at`.
             * @example 2025-06-12T18:34:11Z
             */
            estimated_fulfillment_time: string;
            fulfillment_type: components["schemas"]["EventsFulfillmentType"];
            delivery_address?: components["schemas"]["Address"];
            items: components["schemas"]["OrderItem"][];
            /**
             * @description The customer's note for the whole order.
             * @example Leave at the door, please.
             */
            special_instructions?: string;
            /**
             * @description Sum of the items with their modifiers, before tax, fees and discounts.
             * @example 2748
             */
            subtotal: number;
            /** @example 240 */
            tax: number;
            /**
             * @description Delivery fee the customer paid; `0` for orders that are not delivered.
             * @example 499
             */
            delivery_fee: number;
            /**
             * @description What the customer paid, including tax and fees, after discounts.
             * @example 3487
             */
            total: number;
            /**
             * @description Where the customer placed the order: the DSP's or channel's lower-case slug (`doordash`,
             *     `uber`, `storefront`). A free slug, not an enum, because channels are
             *     added without a new contract version.
             * @example doordash
             */
            source: string;
            /**
             * @description Status of the order at Stream when the event was sent; `in_progress` for a newly confirmed
             *     order. A free string, so take any value; later changes arrive as `order.updated` events with an `OrderUpdateStatus`.
             * @example in_progress
             */
            status: string;
        };
        /**
         * @description Sent by Stream to your `POST /event` when the merchant confirms an order (the `order.confirmed`
         *     event). The envelope `type` is `order.created`; `order.confirmed` names the event in the guides and the
         *     webhook list. Answer `201` with a `CreatedOrderEventResponse`.
         */
        NewOrderEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.created";
            occurred_at: components["schemas"]["EventOccurredAt"];
            object: components["schemas"]["ConfirmedOrder"];
        };
        /**
         * @description Where the delivery of an order stands. The usual happy sequence is `enroute_to_pickup` →
         *     `arrived_at_pickup` → `enroute_to_dropoff` → `completed`. The `failed*` values and
         *     `merchant_canceled` end a delivery that did not complete; `enroute_to_return`,
         *     `arrived_at_return` and `returned` track an undelivered order coming back to the merchant.
         *     No other transition is fixed: any value may follow any other, and the receiver (Stream, or the POS) keeps the latest one it receives.
         * @example enroute_to_pickup
         * @enum {string}
         */
        DeliveryStatus: "pending" | "pending_driver_confirmation" | "enroute_to_pickup" | "arrived_at_pickup" | "enroute_to_dropoff" | "arrived_at_dropoff" | "completed" | "failed_to_assign_driver" | "failed_to_deliver" | "failed_to_pickup" | "failed" | "merchant_canceled" | "enroute_to_return" | "arrived_at_return" | "returned";
        /**
         * @description Who supplies the driver: the delivery provider, network or fleet, as a lower-case slug
         *     (`acme-couriers`). A free slug, not an enum, because the list of providers grows.
         * @example acme-couriers
         */
        DriverSource: string;
        /**
         * @description Name of the driver as the merchant should call them, or the robot's name or number.
         * @example Dana R.
         */
        DriverName: string;
        /** @description A phone number that reaches the driver, possibly a masked relay number. */
        DriverPhone: {
            number: components["schemas"]["E164PhoneNumber"];
            /**
             * @description Extension or access code to enter after dialling `number`, when `number` is a masked relay
             *     number shared by many drivers. Omit it when the number reaches the driver directly.
             * @example 4821
             */
            code?: string;
        };
        /**
         * Format: uri
         * @description HTTPS URL of a photo of the driver or robot.
         * @example https://cdn.acme-couriers.example/drivers/dana-r.jpg
         */
        DriverPictureUrl: string;
        /** @description The vehicle carrying the order, so the merchant can recognise the driver or robot at handoff. */
        VehicleInfo: {
            /** @example Toyota */
            make: string;
            /** @example Prius */
            model: string;
            /** @example silver */
            color: string;
            /**
             * @description Licence plate of the vehicle. Omitted when the vehicle has none, as with most delivery robots.
             * @example 8ABC123
             */
            license_plate?: string;
            /**
             * @description `true` when a robot or autonomous vehicle delivers the order rather than a person.
             * @default false
             */
            is_autonomous?: boolean;
        };
        /**
         * @description How the merchant hands the order to the driver (where to meet, what to check).
         * @example Driver waits at the pickup shelf by the front door; hand over after checking the passcode.
         */
        HandoffInstructions: string;
        /**
         * @description Code the driver or robot shows or asks for, which lets the merchant authorize the driver or
         *     robot before handing over the order (for a robot, it unlocks the compartment).
         * @example 4821
         */
        DriverPasscode: string;
        /**
         * @description Who is collecting and delivering the order (a person or a robot) and how the merchant hands
         *     the order over.
         */
        DeliveryDriverDetails: {
            source: components["schemas"]["DriverSource"];
            name: components["schemas"]["DriverName"];
            phone: components["schemas"]["DriverPhone"];
            picture_url?: components["schemas"]["DriverPictureUrl"];
            vehicle_info?: components["schemas"]["VehicleInfo"];
            handoff_instructions?: components["schemas"]["HandoffInstructions"];
            passcode?: components["schemas"]["DriverPasscode"];
        };
        /**
         * @description Where the order stands after the change an `order.updated` event reports.
         * @example ready_for_pickup
         * @enum {string}
         */
        OrderUpdateStatus: "ready_for_pickup" | "out_for_delivery" | "dsp_canceled" | "merchant_canceled" | "completed" | "failed";
        /** @description The order an `order.updated` event is about, and its new status. */
        UpdatedOrder: {
            status: components["schemas"]["OrderUpdateStatus"];
            /**
             * @description Stream's id of the merchant location, as in the confirmed order.
             * @example loc_51b0c3
             */
            location_id: string;
            /**
             * @description Stream's id of the order, the `id` of the confirmed order.
             * @example ord_7d2f9a41
             */
            order_id: string;
            /**
             * @description Your id for the order, as you returned it in the `201` answer to
             *     `order.created`; omitted when Stream never received one.
             * @example evp-88213
             */
            provider_id?: string;
        };
        /**
         * @description Sent by Stream to your `POST /event` when a confirmed order changes status or its delivery
         *     moves on (the `order.updated` event). Answer `204`.
         *
         *     `delivery_status` and `driver_details` are present only on delivered
         *     orders, once Stream knows them; `driver_details` may describe a driver you assigned yourself.
         */
        UpdatedOrderEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.updated";
            occurred_at: components["schemas"]["EventOccurredAt"];
            delivery_status?: components["schemas"]["DeliveryStatus"];
            driver_details?: components["schemas"]["DeliveryDriverDetails"];
            object: components["schemas"]["UpdatedOrder"];
        };
        /** @description The order an `order.canceled` event is about. */
        CanceledOrder: {
            /**
             * @description Stream's id of the merchant location, as in the confirmed order.
             * @example loc_51b0c3
             */
            location_id: string;
            /**
             * @description Stream's id of the order, the `id` of the confirmed order.
             * @example ord_7d2f9a41
             */
            order_id: string;
            /**
             * @description Your id for the order, as you returned it in the `201` answer to
             *     `order.created`; omitted when Stream never received one.
             * @example evp-88213
             */
            provider_id?: string;
            /**
             * @description Who canceled the order, with the matching `OrderUpdateStatus` value:
             *     `merchant_canceled` (the merchant) or `dsp_canceled` (the DSP or the customer through it).
             *     Omitted when Stream does not know.
             * @example merchant_canceled
             * @enum {string}
             */
            status?: "dsp_canceled" | "merchant_canceled";
        };
        /**
         * @description Sent by Stream to your `POST /event` when a confirmed order is canceled (the `order.canceled`
         *     event). Stop any delivery you have started for it and answer `204`.
         */
        CanceledOrderEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.canceled";
            occurred_at: components["schemas"]["EventOccurredAt"];
            object: components["schemas"]["CanceledOrder"];
        };
        /**
         * @description Any event Stream sends to your `POST /event`, told apart by `type`: `order.created` (an order
         *     was confirmed), `order.updated` or `order.canceled`.
         */
        OrderEvent: components["schemas"]["NewOrderEvent"] | components["schemas"]["UpdatedOrderEvent"] | components["schemas"]["CanceledOrderEvent"];
        /**
         * @description Answer (`201`) to an order event: the order as the receiving system recorded it. Event
         *     providers send it for `order.created`; the POS sends it for `order.created`,
         *     `order.updated` and `order.canceled`.
         *
         *     On `order.created`, Stream stores `provider_id` to match later updates and cancellations to
         *     this order. On `order.updated` and `order.canceled` the POS echoes the
         *     `provider_id` of the order the event names; `prep_time_minutes` revises the estimate on
         *     `order.updated` and is ignored on `order.canceled`.
         */
        CreatedOrderEventResponse: {
            order: {
                /** @description Your id for the order. Stream sends it back on every later event for this order. */
                provider_id: string;
                /**
                 * @description Minutes until the order is ready. When omitted, Stream keeps the
                 *     estimate it already had for the order.
                 * @example 30
                 */
                prep_time_minutes?: number;
            };
        };
        /** @description One item or modifier the POS cannot sell in the requested quantity. */
        StockValidation: {
            /**
             * @description Whether `provider_id` names an item or a modifier.
             * @enum {string}
             */
            type: "item" | "modifier";
            /**
             * @description The id of the item or modifier that is short, as the refusing system knows it: the POS's
             *     `provider_id` of the object when a POS refuses the order, the `id` of the item or modifier in
             *     the order's `items` when an event provider refuses it.
             */
            provider_id: string;
            /** @description How many the POS can still sell. `0` means the object is out of stock. */
            quantity: number;
        };
        /**
         * @description The order total the POS computed differs from the total Stream sent. Both amounts are
         *     integers in the lowest currency unit (cents for USD).
         */
        OrderTotalsValidation: {
            /** @description Total computed by the POS, in the lowest currency unit. */
            posTotal: number;
            /** @description Total sent by Stream, in the lowest currency unit. */
            streamTotal: number;
        };
        /**
         * @description Why the POS refused the order: `store_unavailable` (the location is closed or not taking
         *     orders), `invalid_cart` (the cart cannot be built on the POS), `pos_offline` (the POS
         *     cannot be reached from the location), `other` (anything else; explain in the reason).
         * @enum {string}
         */
        OrderErrorCode: "store_unavailable" | "invalid_cart" | "pos_offline" | "other";
        /** @description An order-level reason the POS refused the order. */
        OrderValidation: {
            order_error: components["schemas"]["OrderErrorCode"];
            /** @description Human-readable reason, shown to Stream support and in partner logs. */
            order_error_reason: string;
        };
        /**
         * @deprecated
         * @description Deprecated. Kept so older POS integrations keep working; send an `orderValidation` entry with
         *     `order_error: other` instead. Stream treats both the same way.
         */
        UnknownValidation: {
            order_error: components["schemas"]["OrderErrorCode"];
            /** @description Human-readable reason. */
            order_error_reason: string;
        };
        /**
         * @description Every reason the POS refused an order, grouped by kind. Send `stockValidation`,
         *     `orderTotalsValidation` and `orderValidation`, each empty when it has nothing to report;
         *     `unknownValidation` is deprecated and optional. At least one array must have an entry, since an empty
         *     validation error gives Stream nothing to act on.
         */
        PosValidation: {
            stockValidation: components["schemas"]["StockValidation"][];
            orderTotalsValidation: components["schemas"]["OrderTotalsValidation"][];
            orderValidation: components["schemas"]["OrderValidation"][];
            /** @deprecated */
            unknownValidation?: components["schemas"]["UnknownValidation"][];
        };
        /** @description Body of a `400` answer to an order event, listing why the POS refused the order. */
        PosValidationError: {
            posValidation: components["schemas"]["PosValidation"];
        };
        /**
         * @description Error body returned by the platform, and expected from partners, for any 4xx or 5xx
         *     response that has no more specific body. `code` is stable and safe to branch on;
         *     `message` is for humans and may change.
         */
        Error: {
            /**
             * @description Stable, machine-readable error code in snake_case.
             * @example invalid_request
             */
            code: string;
            /**
             * @description Human-readable explanation of what went wrong and how to fix it.
             * @example token_name is required.
             */
            message: string;
        };
        /**
         * @description The driver or robot you assigned to an order: `name` and `phone` always, and as many of the
         *     optional driver details (`source`, `picture_url`, `vehicle_info`, `handoff_instructions`,
         *     `passcode`) as you know.
         *
         *     `name` and `phone` are the only required fields, and the driver also takes the optional
         *     fields of `DeliveryDriverDetails`, with the same rules and nothing beyond them, so you can send
         *     the full driver details; Stream passes them on to the merchant and sends them back in the
         *     `driver_details` of `order.updated`. When you leave `source` out, Stream
         *     uses your partner slug as the `source` of the `driver_details` it sends.
         */
        AssignedDriver: {
            source?: components["schemas"]["DriverSource"];
            name: components["schemas"]["DriverName"];
            phone: components["schemas"]["DriverPhone"];
            picture_url?: components["schemas"]["DriverPictureUrl"];
            vehicle_info?: components["schemas"]["VehicleInfo"];
            handoff_instructions?: components["schemas"]["HandoffInstructions"];
            passcode?: components["schemas"]["DriverPasscode"];
        };
        /**
         * @description Sent by you to Stream's `POST /event-provider/{partner_slug}/webhook` when a driver takes an
         *     order. When the driver changes, you should send it again with the new driver; Stream keeps the latest.
         */
        AssignDriverEvent: {
            /**
             * @description Stream's id of the merchant location, the `location_id` of the confirmed order.
             * @example loc_51b0c3
             */
            location_id: string;
            /**
             * @description Stream's id of the order, the `id` of the confirmed order (not your `provider_id`).
             * @example ord_7d2f9a41
             */
            order_id: string;
            driver: components["schemas"]["AssignedDriver"];
        };
        /**
         * @description Sent by you to Stream's `POST /event-provider/{partner_slug}/webhook` each time the delivery of
         *     an order moves to a new `DeliveryStatus`.
         */
        DeliveryStatusEvent: {
            delivery_status: components["schemas"]["DeliveryStatus"];
            /**
             * @description Stream's id of the merchant location, the `location_id` of the confirmed order.
             * @example loc_51b0c3
             */
            location_id: string;
            /**
             * @description Stream's id of the order, the `id` of the confirmed order (not your `provider_id`).
             * @example ord_7d2f9a41
             */
            order_id: string;
        };
        /**
         * @description Any event you send to Stream's `POST /event-provider/{partner_slug}/webhook`: an
         *     `AssignDriverEvent` (it has `driver`) or a `DeliveryStatusEvent` (it has `delivery_status`).
         *
         *     These events have no `type` field; they are told apart by their required fields, and each admits no other field, so a
         *     body matches exactly one of them. Send a driver assignment and a status change as two calls.
         */
        DeliveryUpdateEvent: components["schemas"]["AssignDriverEvent"] | components["schemas"]["DeliveryStatusEvent"];
    };
    responses: {
        /**
         * @description The body is larger than 5 MiB (5,242,880 bytes), the most Stream reads from one call; the
         *     limit is also given as `x-max-body-bytes`. Stream stopped reading and changed nothing.
         *     Send less in one call: no event of this contract comes near the limit unless it is malformed.
         */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The body was not sent as `application/json`: the `Content-Type` header names another media
         *     type, or is missing although a body was sent. Stream reads no other form and changed nothing.
         *     Send the same body with `Content-Type: application/json` (a `charset` parameter may follow).
         */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description HMAC-SHA256 of the raw request body (the exact bytes sent, before any JSON parsing)
         *     keyed with the webhook secret issued for this integration, encoded as 64 lower-case
         *     hexadecimal characters with no prefix.
         *
         *     Compute the HMAC over the bytes you received and compare it with this value in
         *     constant time. Reject the request with `401` when the header is missing or does not match,
         *     whatever the body: an empty body, `{}` and a body without a `type` are verified like any other.
         *     The `401` names the case with its `code`, the same in every API: `signature_missing` when
         *     there is no header or an empty one, `signature_malformed` when the value is not 64 lower-case
         *     hex characters, and `signature_mismatch` only when it is but is not the HMAC of the body.
         * @example 5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
         */
        StreamSignature: string;
        /**
         * @description Your integration's slug (lower-case words joined by hyphens), issued by Stream when your
         *     integration is set up. It tells Stream which integration is calling.
         * @example acme-partner
         */
        PartnerSlug: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type EventId = components['schemas']['EventId'];
export type EventOccurredAt = components['schemas']['EventOccurredAt'];
export type E164PhoneNumber = components['schemas']['E164PhoneNumber'];
export type Customer = components['schemas']['Customer'];
export type CurrencyCode = components['schemas']['CurrencyCode'];
export type EventsFulfillmentType = components['schemas']['EventsFulfillmentType'];
export type Address = components['schemas']['Address'];
export type OrderItemModifier = components['schemas']['OrderItemModifier'];
export type OrderItem = components['schemas']['OrderItem'];
export type ConfirmedOrder = components['schemas']['ConfirmedOrder'];
export type NewOrderEvent = components['schemas']['NewOrderEvent'];
export type DeliveryStatus = components['schemas']['DeliveryStatus'];
export type DriverSource = components['schemas']['DriverSource'];
export type DriverName = components['schemas']['DriverName'];
export type DriverPhone = components['schemas']['DriverPhone'];
export type DriverPictureUrl = components['schemas']['DriverPictureUrl'];
export type VehicleInfo = components['schemas']['VehicleInfo'];
export type HandoffInstructions = components['schemas']['HandoffInstructions'];
export type DriverPasscode = components['schemas']['DriverPasscode'];
export type DeliveryDriverDetails = components['schemas']['DeliveryDriverDetails'];
export type OrderUpdateStatus = components['schemas']['OrderUpdateStatus'];
export type UpdatedOrder = components['schemas']['UpdatedOrder'];
export type UpdatedOrderEvent = components['schemas']['UpdatedOrderEvent'];
export type CanceledOrder = components['schemas']['CanceledOrder'];
export type CanceledOrderEvent = components['schemas']['CanceledOrderEvent'];
export type OrderEvent = components['schemas']['OrderEvent'];
export type CreatedOrderEventResponse = components['schemas']['CreatedOrderEventResponse'];
export type StockValidation = components['schemas']['StockValidation'];
export type OrderTotalsValidation = components['schemas']['OrderTotalsValidation'];
export type OrderErrorCode = components['schemas']['OrderErrorCode'];
export type OrderValidation = components['schemas']['OrderValidation'];
export type UnknownValidation = components['schemas']['UnknownValidation'];
export type PosValidation = components['schemas']['PosValidation'];
export type PosValidationError = components['schemas']['PosValidationError'];
export type Error = components['schemas']['Error'];
export type AssignedDriver = components['schemas']['AssignedDriver'];
export type AssignDriverEvent = components['schemas']['AssignDriverEvent'];
export type DeliveryStatusEvent = components['schemas']['DeliveryStatusEvent'];
export type DeliveryUpdateEvent = components['schemas']['DeliveryUpdateEvent'];
export type ResponsePayloadTooLarge = components['responses']['PayloadTooLarge'];
export type ResponseUnsupportedMediaType = components['responses']['UnsupportedMediaType'];
export type ParameterStreamSignature = components['parameters']['StreamSignature'];
export type ParameterPartnerSlug = components['parameters']['PartnerSlug'];
export type $defs = Record<string, never>;
export interface operations {
    receiveOrderEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description HMAC-SHA256 of the raw request body (the exact bytes sent, before any JSON parsing)
                 *     keyed with the webhook secret issued for this integration, encoded as 64 lower-case
                 *     hexadecimal characters with no prefix.
                 *
                 *     Compute the HMAC over the bytes you received and compare it with this value in
                 *     constant time. Reject the request with `401` when the header is missing or does not match,
                 *     whatever the body: an empty body, `{}` and a body without a `type` are verified like any other.
                 *     The `401` names the case with its `code`, the same in every API: `signature_missing` when
                 *     there is no header or an empty one, `signature_malformed` when the value is not 64 lower-case
                 *     hex characters, and `signature_mismatch` only when it is but is not the HMAC of the body.
                 * @example 5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Stream-Signature": components["parameters"]["StreamSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderEvent"];
            };
        };
        responses: {
            /**
             * @description Answer to `order.created` only: you recorded the order. Stream stores `provider_id` and
             *     sends it back on later events for the order.
             */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedOrderEventResponse"];
                };
            };
            /** @description Answer to `order.updated` and `order.canceled`: you received the event. No body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description You refuse an `order.created`, listing every reason, or the body breaks the contract (one
             *     `orderValidation` entry of `order_error: other`). Stream does not retry it.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosValidationError"];
                };
            };
            /** @description `Stream-Signature` is missing or does not match the body. Stream retries the event. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendDeliveryUpdate: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description HMAC-SHA256 of the raw request body (the exact bytes sent, before any JSON parsing)
                 *     keyed with the webhook secret issued for this integration, encoded as 64 lower-case
                 *     hexadecimal characters with no prefix.
                 *
                 *     Compute the HMAC over the bytes you received and compare it with this value in
                 *     constant time. Reject the request with `401` when the header is missing or does not match,
                 *     whatever the body: an empty body, `{}` and a body without a `type` are verified like any other.
                 *     The `401` names the case with its `code`, the same in every API: `signature_missing` when
                 *     there is no header or an empty one, `signature_malformed` when the value is not 64 lower-case
                 *     hex characters, and `signature_mismatch` only when it is but is not the HMAC of the body.
                 * @example 5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Stream-Signature": components["parameters"]["StreamSignature"];
            };
            path: {
                /**
                 * @description Your integration's slug (lower-case words joined by hyphens), issued by Stream when your
                 *     integration is set up. It tells Stream which integration is calling.
                 * @example acme-partner
                 */
                partner_slug: components["parameters"]["PartnerSlug"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeliveryUpdateEvent"];
            };
        };
        responses: {
            /** @description Stream recorded the driver or the delivery status. No body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not a valid assign-driver or delivery-status event, or it breaks one of the rules on the request body (a driver's `picture_url` that is not `https`, a `source` that is not a lower-case slug, a `driver.name` that is the event's `order_id` or `location_id`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Stream-Signature` is missing or does not match the body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Stream knows no order `order_id` at location `location_id` for your partner slug
             *     (`order_not_found`), or the slug itself is unknown (`unknown_partner`).
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    receiveOrderConfirmedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description HMAC-SHA256 of the raw request body (the exact bytes sent, before any JSON parsing)
                 *     keyed with the webhook secret issued for this integration, encoded as 64 lower-case
                 *     hexadecimal characters with no prefix.
                 *
                 *     Compute the HMAC over the bytes you received and compare it with this value in
                 *     constant time. Reject the request with `401` when the header is missing or does not match,
                 *     whatever the body: an empty body, `{}` and a body without a `type` are verified like any other.
                 *     The `401` names the case with its `code`, the same in every API: `signature_missing` when
                 *     there is no header or an empty one, `signature_malformed` when the value is not 64 lower-case
                 *     hex characters, and `signature_mismatch` only when it is but is not the HMAC of the body.
                 * @example 5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Stream-Signature": components["parameters"]["StreamSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewOrderEvent"];
            };
        };
        responses: {
            /** @description You recorded the order. Stream stores `provider_id` and sends it back on later events. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedOrderEventResponse"];
                };
            };
            /**
             * @description You refuse the order, listing every reason, or the body breaks the contract (one
             *     `orderValidation` entry of `order_error: other` that says what is wrong), as `POST /event`
             *     says for every order event. Stream does not retry it.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosValidationError"];
                };
            };
            /** @description `Stream-Signature` is missing or does not match the body. Stream retries the event. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveOrderUpdatedEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description HMAC-SHA256 of the raw request body (the exact bytes sent, before any JSON parsing)
                 *     keyed with the webhook secret issued for this integration, encoded as 64 lower-case
                 *     hexadecimal characters with no prefix.
                 *
                 *     Compute the HMAC over the bytes you received and compare it with this value in
                 *     constant time. Reject the request with `401` when the header is missing or does not match,
                 *     whatever the body: an empty body, `{}` and a body without a `type` are verified like any other.
                 *     The `401` names the case with its `code`, the same in every API: `signature_missing` when
                 *     there is no header or an empty one, `signature_malformed` when the value is not 64 lower-case
                 *     hex characters, and `signature_mismatch` only when it is but is not the HMAC of the body.
                 * @example 5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Stream-Signature": components["parameters"]["StreamSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatedOrderEvent"];
            };
        };
        responses: {
            /** @description You received the update. No body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description The body breaks the contract: it is not JSON, lacks a field the contract requires, or gives
             *     a field it names the wrong type or value. Answer with a `posValidation` body holding one
             *     `orderValidation` entry of `order_error: other` that says what is wrong, as `POST /event`
             *     says for every order event. Never refuse a valid update, even for an order you do not know:
             *     answer it `204`. Stream does not retry a `400`.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosValidationError"];
                };
            };
            /** @description `Stream-Signature` is missing or does not match the body. Stream retries the event. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveOrderCanceledEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description HMAC-SHA256 of the raw request body (the exact bytes sent, before any JSON parsing)
                 *     keyed with the webhook secret issued for this integration, encoded as 64 lower-case
                 *     hexadecimal characters with no prefix.
                 *
                 *     Compute the HMAC over the bytes you received and compare it with this value in
                 *     constant time. Reject the request with `401` when the header is missing or does not match,
                 *     whatever the body: an empty body, `{}` and a body without a `type` are verified like any other.
                 *     The `401` names the case with its `code`, the same in every API: `signature_missing` when
                 *     there is no header or an empty one, `signature_malformed` when the value is not 64 lower-case
                 *     hex characters, and `signature_mismatch` only when it is but is not the HMAC of the body.
                 * @example 5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd
                 */
                "Stream-Signature": components["parameters"]["StreamSignature"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CanceledOrderEvent"];
            };
        };
        responses: {
            /** @description You received the cancellation. No body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description The body breaks the contract: it is not JSON, lacks a field the contract requires, or gives
             *     a field it names the wrong type or value. Answer with a `posValidation` body holding one
             *     `orderValidation` entry of `order_error: other` that says what is wrong, as `POST /event`
             *     says for every order event. Never refuse a valid cancellation, even for an order you do not know:
             *     answer it `204`. Stream does not retry a `400`.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosValidationError"];
                };
            };
            /** @description `Stream-Signature` is missing or does not match the body. Stream retries the event. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
