// TypeScript types for the dsp contract, generated from specs/dsp/openapi.yaml by
// `npm run generate -w packages/contracts`. Do not edit by hand: change the spec and regenerate.

export interface paths {
    "/stream-dsp/v1/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ask the merchant to authorise Stream
         * @description Stream calls the DSP: Stream sends the merchant's browser to this URL to start OAuth 2.
         *     Sign the merchant in (or show your login page), ask them to let Stream act for their
         *     account, then redirect to `redirect_uri` with a one-time `code` and the unchanged
         *     `state`. Stream exchanges the code at `POST /stream-dsp/v1/token`.
         *
         *     Check `client_id`, `redirect_uri` and `response_type` before anything else and answer `400`
         *     when `client_id` or `redirect_uri` is unknown or `response_type` is not `code`; never redirect
         *     to a URI that is not on the agreed allow-list (`DSP-OAU-02`, `DSP-OAU-12`).
         */
        get: operations["authorizeMerchant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream-dsp/v1/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a code or refresh token for tokens
         * @description Stream calls the DSP: right after the merchant authorises Stream, Stream exchanges the
         *     `code` from your redirect for tokens (`grant_type: authorization_code`); later it sends
         *     the refresh token to get a new access token before `expire_time`
         *     (`grant_type: refresh_token`). Answer `400` when the body is not a valid token request, and
         *     `401` when the client credentials or the code of an exchange, or the refresh token of a
         *     refresh, are wrong, expired or already used.
         *     A refused request changes nothing: check `client_id` and `client_secret` before you look up the
         *     code, so an exchange with a wrong client leaves the merchant's code working for Stream's.
         *     A refresh carries only the refresh token; the refresh token itself is the credential, so keep it
         *     secret.
         *     Rotate the refresh token on every refresh: answer a new refresh token, which Stream stores with
         *     the access token. The refresh token just used must stop working (`401`) no later than the first
         *     use of the new one. Until then it may keep working, and should: if your refresh answer is lost
         *     in transit, Stream retries with the token it still holds, and a refusal would disconnect the
         *     store. Certification checks it (`DSP-OAU-11`, `POS-OAU-11`) by refreshing, using the new refresh
         *     token, then sending the old one.
         */
        post: operations["exchangeToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream-dsp/v1/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the merchant's locations
         * @description Stream calls the DSP: Stream lists the stores of the merchant whose access token it
         *     sends, so the merchant can pick which ones to connect. Return every location the token
         *     can see, connected or not.
         */
        get: operations["listLocations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream-dsp/v1/locations/connection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get whether a location is connected
         * @description Stream calls the DSP: Stream checks whether a location is still connected, for example
         *     before it shows the merchant the location's status. The answer tells what the last connect
         *     or disconnect of that location did, and names the location asked about.
         */
        get: operations["getLocationConnection"];
        put?: never;
        /**
         * Connect a location to Stream
         * @description Stream calls the DSP: the merchant chose to connect this location, so start sending its
         *     orders and store status updates to Stream's `POST /order/{partner_id}` and expect its
         *     menu from `location.publish`.
         *
         *     Connecting a connected location succeeds and changes nothing, and a
         *     `location_id` the merchant does not have is a `404`.
         */
        post: operations["connectLocation"];
        /**
         * Disconnect a location from Stream
         * @description Stream calls the DSP: the merchant disconnected this location, so stop sending its orders
         *     to Stream and take its orders the way you did before it was connected. Disconnecting a
         *     disconnected location succeeds and changes nothing.
         *
         *     `location_id` travels in the query string, not in a body, because
         *     many HTTP clients and proxies drop the body of a `DELETE`.
         */
        delete: operations["disconnectLocation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream-dsp/v1/event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a location or order event
         * @description Stream calls the DSP: Stream sends every location and order event for your connected
         *     locations to this one endpoint, told apart by `type`. Each type has its own page under
         *     *Webhooks*.
         *
         *     Verify `Stream-Signature` and the bearer token, then answer `200` quickly and do the work
         *     afterwards. Stream retries a timeout or a `5xx` answer with the same `event_id`, so drop
         *     an `event_id` you have already processed (answer `200` with `duplicate: true`). Stream
         *     does not retry a `400`. After a `401` Stream refreshes its access token once and resends
         *     the event; a second `401` (a bad signature, or a refresh that did not help) is not retried.
         *     An event you answered `401` was not processed: take its resend, with the same `event_id`, as
         *     a first delivery and process it, never as a duplicate. Nor does an event you answered `401`
         *     start any work: a forged `location.publish` must not make you download the `menu_file_url` it
         *     names, so verify before you read anything from the body.
         *
         *     Stream signs every event it sends to the DSP, on top of the bearer
         *     token, so you can check that the body came from Stream unchanged.
         *
         *     Answer `400` with `invalid_event` when the body is not JSON, lacks a field the contract
         *     requires, or gives a field it names the wrong type or value. Ignore a field the contract does
         *     not name: Stream announces new fields in the changelog before it sends them.
         *
         *     Answer every event as its own page says whatever came before it: a `location.update`, a pause
         *     or an order event for a location you have had no `location.publish` for (you lost it, or
         *     connected the store before your code kept menus), the same event again under a new
         *     `event_id`, and an event older than one already answered, or one whose `occurred_at_ms` is a
         *     minute ahead of your clock (events arrive in any order, and clocks drift). The state you hold is
         *     no reason to refuse a valid body: a `location.update` naming a `stream_id` that is not in the
         *     menu you last downloaded (an object added on Stream since) is logged, its other updates are
         *     applied, and it gets `200`.
         */
        post: operations["receiveEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream-dsp/v1/menuFileS3Url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a location's menu file
         * @description The DSP calls Stream: after a `location.publish` event, download the menu file from the
         *     event's `menu_file_url`, which points at this endpoint with the query string filled in.
         *     The file is in v1 (nested) or v2 (normalised) form according to your menu-version partner
         *     flag, as the event's `menu_version` says. Replace the location's whole menu with it.
         *
         *     Stream hosts this endpoint and the DSP calls it, although its path
         *     sits under `/stream-dsp/v1/`, because the menu is Stream's data and `location.publish`
         *     hands the DSP a download URL for it; the link is self-authenticating (its `token`
         *     expires) and needs no other credentials.
         *     Request the link exactly as given: a parameter added (a cache buster), dropped or changed makes
         *     it another link, refused with `403` `menu_link_changed`.
         */
        get: operations["getMenuFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/order/{partner_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an order or store status event to Stream
         * @description The DSP calls Stream: send each new order (`new_order`), each cancellation
         *     (`cancel_order`) and each pause or reopening of a connected location
         *     (`store_status_update`) as it happens, told apart by `type`.
         *
         *     Sign the raw body with `Stream-Signature`. Stream answers `202` once it
         *     has stored the event and then works asynchronously: you learn what happened to an order from
         *     `location.order.accept` or `location.order.fail` at your `POST /stream-dsp/v1/event`.
         *     You should retry a timeout or a `5xx` answer with the same `event_id`; Stream answers a repeat with
         *     `duplicate: true` and does not place the order twice. A retry is the same event: it carries the
         *     same `event_id` and the same body, never a fresh `event_id`, which Stream takes for a new event.
         *     Do not retry a `400` or `401`: fix the body or the signature.
         *
         *     Each event's `occurred_at_ms` is the moment its own happening took place, never a time copied
         *     from another record: a `cancel_order`'s is when the order was canceled, so it is never earlier
         *     than the `occurred_at_ms` of that order's `new_order` (Stream refuses it with `invalid_time`).
         */
        post: operations["sendOrderEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "location.order.accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive an order accepted event
         * @description Stream calls the DSP: this event is delivered to your `POST /stream-dsp/v1/event` with
         *     `type: location.order.accept`, signed with `Stream-Signature` and sent with the bearer token you
         *     issued. Answer as that endpoint does; a retry carries the same `event_id`.
         *
         *     The store's POS accepted the order. Stream sends it once the POS has the order.
         */
        post: operations["receiveOrderAcceptEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.order.fail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive an order failed event
         * @description Stream calls the DSP: this event is delivered to your `POST /stream-dsp/v1/event` with
         *     `type: location.order.fail`, signed with `Stream-Signature` and sent with the bearer token you
         *     issued. Answer as that endpoint does; a retry carries the same `event_id`.
         *
         *     Stream could not place the order on the POS; the order will not be made. When `reason` is `pos_missing_items` or `items_unavailable`, `details.invalid_item_ids` is
         *     required and lists the culprits.
         */
        post: operations["receiveOrderFailEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.order.notify_status_change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive an order ready for pickup event
         * @description Stream calls the DSP: this event is delivered to your `POST /stream-dsp/v1/event` with
         *     `type: location.order.notify_status_change`, signed with `Stream-Signature` and sent with the bearer token you
         *     issued. Answer as that endpoint does; a retry carries the same `event_id`.
         *
         *     The order's status changed on the POS. The only status Stream sends is `ready_for_pickup`.
         */
        post: operations["receiveOrderStatusChangeEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.order.cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive an order canceled event
         * @description Stream calls the DSP: this event is delivered to your `POST /stream-dsp/v1/event` with
         *     `type: location.order.cancel`, signed with `Stream-Signature` and sent with the bearer token you
         *     issued. Answer as that endpoint does; a retry carries the same `event_id`.
         *
         *     The store canceled the order on the POS. Stop fulfilling it and tell the customer.
         *     Stream sends this only for cancellations that start at the store; a
         *     cancellation the DSP sent with `cancel_order` is not echoed back.
         */
        post: operations["receiveOrderCancelEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.paused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a location paused event
         * @description Stream calls the DSP: this event is delivered to your `POST /stream-dsp/v1/event` with
         *     `type: location.paused`, signed with `Stream-Signature` and sent with the bearer token you
         *     issued. Answer as that endpoint does; a retry carries the same `event_id`.
         *
         *     The store paused ordering. Stop taking orders for the location until `until_ms`, or until
         *     `location.resumed` when `until_ms` is omitted.
         */
        post: operations["receiveLocationPausedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.resumed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a location resumed event
         * @description Stream calls the DSP: this event is delivered to your `POST /stream-dsp/v1/event` with
         *     `type: location.resumed`, signed with `Stream-Signature` and sent with the bearer token you
         *     issued. Answer as that endpoint does; a retry carries the same `event_id`.
         *
         *     The store takes orders again after a pause. `data` is an empty object,
         *     kept so every event has the same envelope.
         */
        post: operations["receiveLocationResumedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a menu published event
         * @description Stream calls the DSP: this event is delivered to your `POST /stream-dsp/v1/event` with
         *     `type: location.publish`, signed with `Stream-Signature` and sent with the bearer token you
         *     issued. Answer as that endpoint does; a retry carries the same `event_id`.
         *
         *     A new menu is published for the location. Download the menu file from `menu_file_url`
         *     (`GET /stream-dsp/v1/menuFileS3Url` on Stream's host) and replace the location's menu with it.
         */
        post: operations["receiveLocationPublishEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a menu objects updated event
         * @description Stream calls the DSP: this event is delivered to your `POST /stream-dsp/v1/event` with
         *     `type: location.update`, signed with `Stream-Signature` and sent with the bearer token you
         *     issued. Answer as that endpoint does; a retry carries the same `event_id`.
         *
         *     Some menu objects were activated or deactivated at the location, by `stream_id`. Apply the
         *     updates to the last published menu.
         */
        post: operations["receiveLocationUpdateEvent"];
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
         * @description Sent by Stream to exchange the one-time authorization code from your authorize endpoint
         *     for tokens. The body is `application/json`.
         */
        AuthorizationCodeGrantRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            grant_type: "authorization_code";
            /** @description The client id you issued to Stream. */
            client_id: string;
            /** @description The client secret you issued to Stream. Compare it in constant time. */
            client_secret: string;
            /** @description The code your authorize endpoint appended to the redirect. Single use; reject a reused code with `401`. */
            code: string;
        };
        /** @description Sent by Stream to get a new access token before the current one expires. `grant_type` is required so one endpoint can tell an exchange from a refresh. */
        RefreshTokenGrantRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            grant_type: "refresh_token";
            /** @description The refresh token you returned from the last exchange or refresh. */
            refresh_token: string;
        };
        /** @description An authorization-code exchange or a refresh, told apart by `grant_type`. */
        TokenExchangeRequest: components["schemas"]["AuthorizationCodeGrantRequest"] | components["schemas"]["RefreshTokenGrantRequest"];
        /** @description Tokens you issue to Stream. Stream refreshes before `expire_time` and stores the new pair. */
        TokenExchangeResponse: {
            /** @description Bearer token Stream sends in `Authorization` on every call to your API. */
            access_token: string;
            /** @description Token Stream sends to your token endpoint to get a new access token. */
            refresh_token: string;
            /**
             * @description When the access token expires, in milliseconds since the Unix epoch (not seconds).
             * @example 1767225600000
             */
            expire_time: number;
            /**
             * @description When the refresh token expires, in milliseconds since the Unix epoch.
             * @example 1769817600000
             */
            refresh_token_expire_time: number;
            /**
             * @description Your stable id for the merchant account that authorized Stream. Stream
             *     stores it to match later calls to the same merchant.
             */
            id: string;
        };
        /**
         * @description A street address: where a location is, or where an order is delivered. `address_line_1`, `city` and `country` are required, and `country` is an ISO 3166-1
         *     alpha-2 code.
         */
        Address: {
            /** @example 350 5th Ave */
            address_line_1: string;
            /**
             * @description Apartment, suite, floor or building.
             * @example Suite 1200
             */
            address_line_2?: string;
            /** @example New York */
            city: string;
            /**
             * @description State, province or region, as the local postal service writes it (`NY`).
             * @example NY
             */
            state?: string;
            /** @example 10118 */
            postal_code?: string;
            /**
             * @description ISO 3166-1 alpha-2 country code, upper case.
             * @example US
             */
            country: string;
        };
        /** @description A store on the DSP that the merchant who authorised Stream can connect. */
        Location: {
            /**
             * @description The DSP's id for the location. Stream sends it back as `location_id` everywhere.
             * @example store-0042
             */
            provider_id: string;
            /**
             * @description Store name as customers see it on the DSP.
             * @example Stackhouse Burgers (Midtown)
             */
            name: string;
            address: components["schemas"]["Address"];
        };
        /**
         * @description The answer to `GET /stream-dsp/v1/locations` is an object with every
         *     location the access token's merchant can connect, unpaginated, so the list can grow
         *     fields later.
         */
        LocationList: {
            locations: components["schemas"]["Location"][];
        };
        /**
         * @description The location, by the `provider_id` your `GET /stream-dsp/v1/locations` returned for it.
         *     Every `location_id` in this API is the DSP's `provider_id`, in both
         *     directions, so neither side has to map ids.
         * @example store-0042
         */
        LocationId: string;
        /** @description Whether a location is connected to Stream, so its orders and menu flow through Stream. */
        Connection: {
            /**
             * @description The location the call named: the `location_id` Stream sent (in the body of a connect, in the
             *     query of a read or a disconnect), the `provider_id` your `GET /stream-dsp/v1/locations`
             *     returned for it, never an id of your own.
             * @example store-0042
             */
            location_id: string;
            /** @description `true` while the location is connected to Stream. */
            connected: boolean;
        };
        /** @description Names the location Stream wants to connect. */
        ConnectLocationRequest: {
            location_id: components["schemas"]["LocationId"];
        };
        /**
         * @description Unique id of the event, chosen by the sender. A retry of the same event carries the same
         *     `event_id`, so the receiver drops an `event_id` it has already processed (and still answers
         *     with success).
         * @example evt_01JH3Q7V8K2M5N6P7R8S9T0V1W
         */
        EventId: string;
        /**
         * @description A point in time, in milliseconds since the Unix epoch (UTC).
         * @example 1767282300000
         */
        EpochMillis: number;
        /** @description The store's POS accepted the order. Stream sends it once the POS has the order. */
        OrderAcceptEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location.order.accept";
            location_id: components["schemas"]["LocationId"];
            occurred_at_ms: components["schemas"]["EpochMillis"];
            data: {
                /**
                 * @description The `id` of the order, as the DSP sent it in `new_order`.
                 * @example ord_8c1f2a9e
                 */
                order_id: string;
            };
        };
        /**
         * @description Why Stream could not place an order on the POS:
         *     `restaurant_not_accepting_orders` (the store is closed or paused),
         *     `location_not_found` (no connected location has this `location_id`),
         *     `pos_missing_items` (the POS does not know some items or modifiers),
         *     `items_unavailable` (some items or modifiers are out of stock),
         *     `order_validation_error` (the POS refused the order, for example its totals),
         *     `unknown` (anything else; see `error_message`).
         * @enum {string}
         */
        FailureReason: "restaurant_not_accepting_orders" | "location_not_found" | "pos_missing_items" | "items_unavailable" | "order_validation_error" | "unknown";
        /** @description What went wrong with a failed order. */
        FailureDetails: {
            /**
             * @description The order lines and modifiers that caused the failure, by the `id`
             *     the order gave them (variation or modifier `stream_id`).
             */
            invalid_item_ids?: string[];
            /** @description Human-readable explanation, safe to show to DSP support staff; not for branching. */
            error_message?: string;
        };
        /**
         * @description Stream could not place the order on the POS; the order will not be made. When `reason` is `pos_missing_items` or `items_unavailable`, `details.invalid_item_ids` is
         *     required and lists the culprits.
         */
        OrderFailEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location.order.fail";
            location_id: components["schemas"]["LocationId"];
            occurred_at_ms: components["schemas"]["EpochMillis"];
            data: {
                /**
                 * @description The `id` of the order, as the DSP sent it in `new_order`.
                 * @example ord_8c1f2a9e
                 */
                order_id: string;
                reason: components["schemas"]["FailureReason"];
                details?: components["schemas"]["FailureDetails"];
            };
        };
        /** @description The order's status changed on the POS. The only status Stream sends is `ready_for_pickup`. */
        OrderStatusChangeEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location.order.notify_status_change";
            location_id: components["schemas"]["LocationId"];
            occurred_at_ms: components["schemas"]["EpochMillis"];
            data: {
                /**
                 * @description The `id` of the order, as the DSP sent it in `new_order`.
                 * @example ord_8c1f2a9e
                 */
                order_id: string;
                /**
                 * @description The only value is `ready_for_pickup`, sent when the store marks the order ready.
                 * @constant
                 */
                status: "ready_for_pickup";
            };
        };
        /**
         * @description The store canceled the order on the POS. Stop fulfilling it and tell the customer.
         *     Stream sends this only for cancellations that start at the store; a
         *     cancellation the DSP sent with `cancel_order` is not echoed back.
         */
        OrderCancelEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location.order.cancel";
            location_id: components["schemas"]["LocationId"];
            occurred_at_ms: components["schemas"]["EpochMillis"];
            data: {
                /**
                 * @description The `id` of the order, as the DSP sent it in `new_order`.
                 * @example ord_8c1f2a9e
                 */
                order_id: string;
                /**
                 * @description Optional free-text reason the merchant gave, for support staff.
                 * @example Out of burger buns.
                 */
                reason?: string;
            };
        };
        /**
         * @description The store paused ordering. Stop taking orders for the location until `until_ms`, or until
         *     `location.resumed` when `until_ms` is omitted.
         */
        LocationPausedEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location.paused";
            location_id: components["schemas"]["LocationId"];
            occurred_at_ms: components["schemas"]["EpochMillis"];
            data: {
                /**
                 * @description When the pause ends, in milliseconds since the Unix epoch. Omitted means until `location.resumed`.
                 * @example 1767289500000
                 */
                until_ms?: number;
            };
        };
        /**
         * @description The store takes orders again after a pause. `data` is an empty object,
         *     kept so every event has the same envelope.
         */
        LocationResumedEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location.resumed";
            location_id: components["schemas"]["LocationId"];
            occurred_at_ms: components["schemas"]["EpochMillis"];
            data: Record<string, never>;
        };
        /**
         * @description A new menu is published for the location. Download the menu file from `menu_file_url`
         *     (`GET /stream-dsp/v1/menuFileS3Url` on Stream's host) and replace the location's menu with it.
         */
        LocationPublishEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location.publish";
            location_id: components["schemas"]["LocationId"];
            occurred_at_ms: components["schemas"]["EpochMillis"];
            data: {
                /**
                 * Format: uri
                 * @description Time-limited download URL of the menu file. Request it exactly as given, without
                 *     changing its query string.
                 * @example https://api.stream.example/stream-dsp/v1/menuFileS3Url?location_id=store-0042&token=mf_4b7d0e2a91c3
                 */
                menu_file_url: string;
                /**
                 * @description Which form the file has (`v1` nested, `v2` normalised), set by
                 *     the DSP's menu-version partner flag, so you can parse it without guessing.
                 * @enum {string}
                 */
                menu_version: "v1" | "v2";
            };
        };
        /**
         * @description Stream's id for a menu object (menu, category, item, variation, modifier group, modifier or
         *     tax). Stable across menu publishes, so use it to match objects between files and in orders.
         * @example var_classic_single
         */
        StreamId: string;
        /**
         * @description Turns one menu object on or off without a new menu file. Each update
         *     names the object's kind in `object_type`: `item` (v1 `Item`, v2 item family), `variation`
         *     (v1 `Variation`, v2 item) or `modifier`.
         */
        MenuObjectUpdate: {
            /** @enum {string} */
            object_type: "item" | "variation" | "modifier";
            stream_id: components["schemas"]["StreamId"];
            /** @description `true` activates the object, `false` deactivates it until a later update or publish. */
            is_active: boolean;
        };
        /**
         * @description Some menu objects were activated or deactivated at the location, by `stream_id`. Apply the
         *     updates to the last published menu.
         */
        LocationUpdateEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location.update";
            location_id: components["schemas"]["LocationId"];
            occurred_at_ms: components["schemas"]["EpochMillis"];
            data: {
                updates: components["schemas"]["MenuObjectUpdate"][];
            };
        };
        /**
         * @description An event Stream sends to the DSP's `POST /stream-dsp/v1/event`, told apart by `type`.
         *     Every event in this API, in both directions, has the same envelope:
         *     `event_id` (unique, the same on every retry), `type`, `location_id`, `occurred_at_ms` (when
         *     it happened, in milliseconds since the Unix epoch) and `data` (the type's payload); order
         *     events carry the order's id as `data.order_id`.
         */
        StreamToDspEvent: components["schemas"]["OrderAcceptEvent"] | components["schemas"]["OrderFailEvent"] | components["schemas"]["OrderStatusChangeEvent"] | components["schemas"]["OrderCancelEvent"] | components["schemas"]["LocationPausedEvent"] | components["schemas"]["LocationResumedEvent"] | components["schemas"]["LocationPublishEvent"] | components["schemas"]["LocationUpdateEvent"];
        /**
         * @description The success answer to an event, in both directions, echoes its
         *     `event_id`. The sender retries a timeout or a `5xx` answer with the same `event_id`; the
         *     receiver answers a repeat with success and `duplicate: true` without processing it again.
         */
        EventReceipt: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description `true` when the receiver had already processed this `event_id` and ignored the repeat. The one field in which the answer to a repeat differs from the first answer: everything else is answered again as it was.
             * @default false
             */
            duplicate?: boolean;
        };
        /**
         * @description Usual minutes the store needs to prepare an order.
         * @example 30
         */
        PrepTimeMinutes: number;
        /**
         * @description Opening hours as `HH:mm-HH:mm`, 24-hour clock, in the store's timezone (`11:00-22:00`).
         *     A range whose end is not after its start runs past midnight into the
         *     next day (`22:00-02:00`), and `00:00-00:00` means open all day.
         * @example 11:00-22:00
         */
        TimeRange: string;
        /**
         * @description When a menu is available, per weekday, as a list of `HH:mm-HH:mm` ranges in the store's
         *     timezone. All seven weekdays are present, and an empty list means the
         *     menu is not available that day.
         */
        Schedule: {
            monday: components["schemas"]["TimeRange"][];
            tuesday: components["schemas"]["TimeRange"][];
            wednesday: components["schemas"]["TimeRange"][];
            thursday: components["schemas"]["TimeRange"][];
            friday: components["schemas"]["TimeRange"][];
            saturday: components["schemas"]["TimeRange"][];
            sunday: components["schemas"]["TimeRange"][];
        };
        /**
         * @description An amount as a non-negative integer in the lowest denomination of its currency (cents for
         *     `usd`, so `950` is $9.50). Never a decimal.
         * @example 950
         */
        Money: number;
        /**
         * @description Lower-case ISO 4217 currency code (`usd`, `eur`). The DSP specification uses lower case;
         *     the POS specification uses upper case.
         * @example usd
         */
        Currency: string;
        /** @description A sellable size or version of an item, with its own price (menu v1). */
        Variation: {
            stream_id: components["schemas"]["StreamId"];
            /** @description Name of the variation (`Double`). */
            name: string;
            price: components["schemas"]["Money"];
            currency: components["schemas"]["Currency"];
            /**
             * @description `false` while the variation is unavailable. Unset means active.
             * @default true
             */
            is_active?: boolean;
        };
        /**
         * @description Modifiers chosen before the customer changes anything, keyed by modifier `stream_id`, with
         *     how many of each. A map from modifier `stream_id` to a quantity of at
         *     least 1; a modifier not listed starts unselected.
         * @example {
         *       "mod_cheddar": 1
         *     }
         */
        DefaultModifierQuantities: {
            [key: string]: number;
        };
        /**
         * @description A set of modifiers offered with an item (menu v1). A group also carries
         *     its own `stream_id` and `name`, which orders reference as `modifier_group_id`.
         */
        ModifierGroup: {
            stream_id: components["schemas"]["StreamId"];
            /** @description Name shown to customers (`Choose a cheese`). */
            name: string;
            default_modifier_quantities?: components["schemas"]["DefaultModifierQuantities"];
            modifiers: components["schemas"]["Modifier"][];
            rules: components["schemas"]["ModifierGroupRules"];
        };
        /**
         * @description A choice inside a modifier group (menu v1). A modifier carries
         *     `stream_id`, `name`, `price`, `currency` and `is_active` like a variation does.
         */
        Modifier: {
            stream_id: components["schemas"]["StreamId"];
            name: string;
            price: components["schemas"]["Money"];
            currency: components["schemas"]["Currency"];
            /**
             * @description `false` while the modifier is unavailable. Unset means active.
             * @default true
             */
            is_active?: boolean;
            /** @description Groups offered once this modifier is chosen (a sauce, then how much sauce). */
            nested_modifier_groups?: components["schemas"]["ModifierGroup"][];
        };
        /**
         * @description How many modifiers of a group a customer may choose. `maximum_unique_modifiers_allowed` is
         *     at least `minimum_unique_modifiers_allowed`; Stream never publishes a group that breaks this.
         */
        ModifierGroupRules: {
            /** @description Fewest different modifiers the customer must choose. `0` makes the group optional. */
            minimum_unique_modifiers_allowed: number;
            /** @description Most different modifiers the customer may choose. */
            maximum_unique_modifiers_allowed: number;
            /**
             * @description How many chosen modifiers are free before prices apply (the cheapest are free first).
             *     Counted per unit of the parent item or modifier, over the units chosen in the group: 3 ×
             *     extra shot with 1 free is one free shot and two charged. An order carries a free modifier
             *     with `price: 0`, and a modifier partly free as two entries, the free units at `price: 0`
             *     and the charged ones at the menu's price.
             * @default 0
             */
            amount_of_modifiers_free?: number;
            /**
             * @description `single` lets the customer choose each modifier at most once;
             *     `multiple` lets them choose the same modifier more than once (3 × extra shot).
             *     Defaults to `single`.
             * @default single
             * @enum {string}
             */
            selection_type?: "single" | "multiple";
        };
        /**
         * @description An allergen an item or item family contains. Values are exact and lower case. Contract
         *     decision: the POS catalog uses the same values as the DSP menu's allergens, since the POS
         *     list is not shown.
         * @example gluten
         * @enum {string}
         */
        Allergen: "eggs" | "soybeans" | "dairy" | "sesame" | "lupin" | "celery" | "mustard" | "gluten" | "wheat" | "rye" | "barley" | "oats" | "spelt" | "kamut" | "shellfish" | "crustaceans" | "molluscs" | "fish" | "almonds" | "hazelnuts" | "walnuts" | "cashews" | "pecan" | "brazil" | "pistachio" | "macadamia" | "peanuts" | "tree_nuts" | "sulphur_dioxide_sulphites";
        /** @description A dish or product on the menu, sold in one or more variations (menu v1). */
        Item: {
            stream_id: components["schemas"]["StreamId"];
            name: string;
            /** @description Description shown to customers. */
            description?: string;
            /** @description Image URLs, best first. */
            images?: string[];
            /**
             * @description `true` when the item contains alcohol and needs an age check on hand-off.
             * @default false
             */
            is_alcohol?: boolean;
            /** @description The `stream_id` of each tax that applies. Empty or missing means the default taxes. */
            tax_ids?: components["schemas"]["StreamId"][];
            variations: components["schemas"]["Variation"][];
            modifier_groups?: components["schemas"]["ModifierGroup"][];
            /**
             * @description `false` while the item is unavailable. Unset means active.
             * @default true
             */
            is_active?: boolean;
            allergens?: components["schemas"]["Allergen"][];
        };
        /**
         * @description A section of a menu (menu v1). Besides `items`, a category carries a
         *     `stream_id` (sent in orders as `category_id`) and a `name` shown to customers.
         */
        Category: {
            stream_id: components["schemas"]["StreamId"];
            name: string;
            items: components["schemas"]["Item"][];
        };
        /** @description One menu (menu v1), such as `All day` or `Breakfast`, with its schedule and categories. */
        Menu: {
            stream_id: components["schemas"]["StreamId"];
            name: string;
            schedule: components["schemas"]["Schedule"];
            categories: components["schemas"]["Category"][];
        };
        /** @description A day on which the store's regular schedule does not apply. */
        Holiday: {
            /**
             * @description The day as `MM-DD` (`12-25`).
             * @example 12-25
             */
            date: string;
            /**
             * @description Opening hours on that day, replacing every menu schedule. Omitted means the store is
             *     closed all day.
             */
            hours?: components["schemas"]["TimeRange"][];
            /**
             * @description `true` when the holiday falls on `date` every year. When `false`, `specific_years` lists
             *     the years it applies to.
             */
            recurring_yearly: boolean;
            /**
             * @description The years the holiday applies to. Required when `recurring_yearly` is `false`.
             *     Not allowed when `recurring_yearly` is `true`, so a holiday has one
             *     reading.
             */
            specific_years?: number[];
            /** @description Name shown to customers (`Christmas Day`). */
            name: string;
        };
        /** @description A tax that applies to items, referenced from an item's `tax_ids`. */
        Tax: {
            stream_id: components["schemas"]["StreamId"];
            /**
             * @description The rate as a percentage, so `5` means 5% and `8.875` means 8.875%.
             * @example 8.875
             */
            rate: number;
            /** @description Name of the tax as printed on receipts. */
            name: string;
            /**
             * @description `true` for a tax that applies to every item that lists no `tax_ids`. An item with an empty or missing `tax_ids` is taxed at every default tax.
             * @default false
             */
            is_default?: boolean;
            /**
             * @description `true` when item prices already include this tax; `false` when it is added on top.
             * @default false
             */
            is_inclusive?: boolean;
        };
        /**
         * Menu file v1
         * @description The menu file in v1 form: objects nested inside their parents (menu, category, item,
         *     variation, modifier group, modifier). Sent to DSPs whose partner flag selects v1.
         */
        MenuV1: {
            prep_time_minutes: components["schemas"]["PrepTimeMinutes"];
            menus: components["schemas"]["Menu"][];
            holidays: components["schemas"]["Holiday"][];
            taxes: components["schemas"]["Tax"][];
        };
        /** @description One menu in the v2 file, pointing at its categories by `stream_id`. */
        NormalizedMenu: {
            stream_id: components["schemas"]["StreamId"];
            name: string;
            schedule: components["schemas"]["Schedule"];
            /** @description The `stream_id` of each category on this menu, in display order. */
            category_ids: components["schemas"]["StreamId"][];
        };
        /** @description A category in the v2 file, pointing at its item families by `stream_id`. */
        NormalizedCategory: {
            stream_id: components["schemas"]["StreamId"];
            name: string;
            /** @description The `stream_id` of each item family in this category, in display order. */
            item_family_ids: components["schemas"]["StreamId"][];
        };
        /**
         * @description A dish or product in the v2 file (a v1 `Item`). Its sellable versions are `items` (v1
         *     variations), listed by `stream_id`.
         */
        ItemFamily: {
            stream_id: components["schemas"]["StreamId"];
            name: string;
            description?: string;
            images?: string[];
            /** @default false */
            is_alcohol?: boolean;
            allergens?: components["schemas"]["Allergen"][];
            /**
             * @description `false` while the item family is unavailable. Unset means active.
             * @default true
             */
            is_active?: boolean;
            /** @description The `stream_id` of each item (size or version) in the family. */
            item_ids: components["schemas"]["StreamId"][];
            /** @description The `stream_id` of each modifier group offered with the family. */
            modifier_group_ids?: components["schemas"]["StreamId"][];
            /** @description The `stream_id` of each tax that applies. Empty or missing means the default taxes. */
            tax_ids?: components["schemas"]["StreamId"][];
        };
        /**
         * @description What a modifier costs, or whether it is offered, when it is chosen with
         *     one particular item (extra cheese costs more on a large pizza). Replaces the modifier's own
         *     `price` and `is_active` for that item only.
         */
        ModifierOverride: {
            modifier_id: components["schemas"]["StreamId"];
            price?: components["schemas"]["Money"];
            is_active?: boolean;
        };
        /**
         * @description The price of an item, or whether it is offered, on one menu only (a
         *     lower price on the lunch menu). Replaces the item's own `price` and `is_active` on that menu.
         */
        MenuSpecificOverride: {
            menu_id: components["schemas"]["StreamId"];
            price?: components["schemas"]["Money"];
            is_active?: boolean;
        };
        /** @description A sellable size or version of an item family in the v2 file (a v1 `Variation`). */
        NormalizedItem: {
            stream_id: components["schemas"]["StreamId"];
            name: string;
            price: components["schemas"]["Money"];
            currency: components["schemas"]["Currency"];
            /**
             * @description `false` while the item is unavailable. Unset means active.
             * @default true
             */
            is_active?: boolean;
            modifier_overrides?: components["schemas"]["ModifierOverride"][];
            menu_specific_overrides?: components["schemas"]["MenuSpecificOverride"][];
        };
        /**
         * @description Rules that replace the group's own `rules` when the group is offered
         *     with one particular item family (up to 5 toppings on a pizza, 2 on a side).
         */
        ModifierGroupOverride: {
            item_family_id: components["schemas"]["StreamId"];
            rules: components["schemas"]["ModifierGroupRules"];
        };
        /** @description A modifier group in the v2 file, pointing at its modifiers by `stream_id`. */
        NormalizedModifierGroup: {
            stream_id: components["schemas"]["StreamId"];
            name: string;
            modifier_ids: components["schemas"]["StreamId"][];
            default_modifier_quantities?: components["schemas"]["DefaultModifierQuantities"];
            rules: components["schemas"]["ModifierGroupRules"];
            overrides?: components["schemas"]["ModifierGroupOverride"][];
        };
        /** @description A modifier in the v2 file. Nested groups are listed by `stream_id`. */
        NormalizedModifier: {
            stream_id: components["schemas"]["StreamId"];
            name: string;
            price: components["schemas"]["Money"];
            currency: components["schemas"]["Currency"];
            /**
             * @description `false` while the modifier is unavailable. Unset means active.
             * @default true
             */
            is_active?: boolean;
            /** @description The `stream_id` of each modifier group offered once this modifier is chosen. */
            nested_modifier_group_ids?: components["schemas"]["StreamId"][];
        };
        /**
         * Menu file v2
         * @description The menu file in v2 (normalised) form: every object appears once in its own top-level list
         *     and parents point at children by `stream_id`. Sent to DSPs whose partner flag selects v2.
         *     Every id a list points at is present in the file.
         */
        MenuV2: {
            prep_time_minutes: components["schemas"]["PrepTimeMinutes"];
            menus: components["schemas"]["NormalizedMenu"][];
            categories: components["schemas"]["NormalizedCategory"][];
            item_families: components["schemas"]["ItemFamily"][];
            items: components["schemas"]["NormalizedItem"][];
            modifier_groups: components["schemas"]["NormalizedModifierGroup"][];
            modifiers: components["schemas"]["NormalizedModifier"][];
            holidays: components["schemas"]["Holiday"][];
            taxes: components["schemas"]["Tax"][];
        };
        /**
         * @description The menu file, in v1 (nested) or v2 (normalised) form according to the DSP's menu-version
         *     partner flag; `menu_version` in `location.publish` says which. A v2 file is told apart by
         *     its top-level `categories`, `item_families`, `items`, `modifier_groups` and `modifiers`.
         */
        MenuFile: components["schemas"]["MenuV1"] | components["schemas"]["MenuV2"];
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
        /** @description A modifier chosen on an order item, with the modifiers chosen inside it. */
        OrderModifier: {
            id: components["schemas"]["StreamId"];
            modifier_group_id: components["schemas"]["StreamId"];
            name: string;
            /** @description How many of this modifier go on one unit of the parent item or modifier. */
            quantity: number;
            /**
             * @description The price the customer pays for one unit of this modifier: the menu's price, or `0` for a
             *     modifier its group's `amount_of_modifiers_free` makes free (the cheapest chosen in the
             *     group under one parent are free first). When only some units of a modifier are free, send
             *     it as two entries, one with the free units at `price: 0` and one with the rest charged.
             */
            price: components["schemas"]["Money"];
            currency: components["schemas"]["Currency"];
            /** @description Modifiers chosen from this modifier's nested modifier groups. */
            nested_modifiers?: components["schemas"]["OrderModifier"][];
        };
        /** @description One line of an order. */
        OrderItem: {
            /**
             * @description The `stream_id` of the variation ordered (v1 `Variation`, v2 item).
             * @example var_classic_single
             */
            id: string;
            /**
             * @description The `stream_id` of the variation's item (v1 `Item`, v2 item family).
             * @example item_classic_burger
             */
            item_id: string;
            /**
             * @description The `stream_id` of the category the customer ordered it from.
             * @example cat_burgers
             */
            category_id?: string;
            name: string;
            quantity: number;
            /**
             * @description The price of one unit of the variation, without its modifiers, as a
             *     non-negative integer in the lowest denomination of `currency`.
             * @example 950
             */
            price: number;
            modifiers?: components["schemas"]["OrderModifier"][];
            currency: components["schemas"]["Currency"];
            /** @description The customer's note for this line (`no onions`). */
            special_instructions?: string;
        };
        /**
         * @description How the order reaches the customer. The DSP and POS APIs carry all seven fulfillment types.
         * @example pickup
         * @enum {string}
         */
        FulfillmentType: "curbside" | "delivery" | "dine_in" | "merchant_managed_delivery" | "pickup" | "stream_managed_delivery" | "drive_thru";
        /** @description A discount the DSP applied to the order. */
        Discount: {
            /** @description The DSP's id for the promotion or discount. */
            id: string;
            amount: components["schemas"]["Money"];
            /**
             * @description The `item_id` of the order line the discount applies to. Omitted
             *     for a discount on the whole order.
             */
            item_id?: string;
        };
        /**
         * @description An order a customer placed on the DSP, for Stream to send to the store's POS. Every amount
         *     is a non-negative integer in the lowest denomination of the items' `currency`; all items
         *     of one order share one currency.
         *
         *     `id`, `customer`, `items`, `subtotal`, `customer_facing_id`,
         *     `fulfillment_type` and `tax` are required; every other field is optional.
         */
        NewOrder: {
            /**
             * @description The DSP's id for the order. Stream uses it as `order_id` in every event about the order.
             * @example ord_8c1f2a9e
             */
            id: string;
            customer: components["schemas"]["Customer"];
            items: components["schemas"]["OrderItem"][];
            /**
             * @description Sum of the item lines with their modifiers, before tax, fees, tips and discounts.
             * @example 1445
             */
            subtotal: number;
            /**
             * @description Short order number the customer and the store use at hand-off.
             * @example A-1042
             */
            customer_facing_id: string;
            fulfillment_type: components["schemas"]["FulfillmentType"];
            /**
             * @description Tax on the order, not counting `delivery_fee_taxes`: what the menu's taxes come to on the
             *     order's lines, in cents.
             * @example 128
             */
            tax: number;
            /**
             * @description `true` when the DSP collects and remits the order's tax itself
             *     (marketplace facilitator), so the merchant does not remit `tax`.
             * @default false
             */
            tax_withheld?: boolean;
            /**
             * @description Tip for the merchant's courier. Only on `merchant_managed_delivery` orders; omit it
             *     otherwise.
             * @example 500
             */
            driver_tip?: number;
            /**
             * @description Tip for the store's staff. Only on `pickup` and `dine_in` orders; omit it otherwise.
             * @example 200
             */
            store_tip?: number;
            /**
             * @description Service charge the DSP added to the order.
             * @example 150
             */
            service_charge?: number;
            /**
             * @description Delivery fee the customer paid. Only on `merchant_managed_delivery` orders; omit it
             *     otherwise.
             * @example 399
             */
            delivery_fee?: number;
            /**
             * @description Tax charged on `delivery_fee`. Sent only together with
             *     `delivery_fee`, so only on `merchant_managed_delivery` orders.
             * @example 35
             */
            delivery_fee_taxes?: number;
            discounts?: components["schemas"]["Discount"][];
            /**
             * @description When the order should be ready, in milliseconds since the Unix epoch; for a future order,
             *     the time the customer asked for. Required on a future order (`is_future_order: true`): the
             *     time the customer chose goes here, never only in `fulfillment_instructions`. If it is missing
             *     or invalid (not after the order time) on an order for as soon as possible, Stream uses 30
             *     minutes after the order time. The order time is the `occurred_at_ms` of the `new_order` event.
             * @example 1767284100000
             */
            estimated_ready_at_ms?: number;
            /**
             * @description Whether to pack cutlery and napkins. Defaults to `true`.
             * @default true
             */
            should_include_utensils?: boolean;
            /**
             * @description Where to deliver the order. Required for `merchant_managed_delivery` and
             *     `stream_managed_delivery` orders.
             */
            delivery_address?: components["schemas"]["Address"];
            /** @description The customer's note for the whole order. */
            special_instructions?: string;
            /** @description How to hand the order over (car description at curbside, drop-off note for delivery). */
            fulfillment_instructions?: string;
            /**
             * @description `true` when the customer scheduled the order for later; see `estimated_ready_at_ms`.
             * @default false
             */
            is_future_order?: boolean;
            /**
             * @description `true` when the customer pays at the store. May be `true` only for `drive_thru` orders;
             *     any other unpaid order fails before it reaches the POS. Stream fails
             *     it by answering the `new_order` event with `400`.
             * @default false
             */
            unpaid?: boolean;
        };
        /** @description A customer placed an order at the location. `occurred_at_ms` is the order time. */
        NewOrderEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "new_order";
            location_id: components["schemas"]["LocationId"];
            occurred_at_ms: components["schemas"]["EpochMillis"];
            data: components["schemas"]["NewOrder"];
        };
        /** @description Cancels an order the DSP sent earlier with `new_order`. */
        CancelOrder: {
            /**
             * @description The `id` of the `new_order`.
             * @example ord_8c1f2a9e
             */
            order_id: string;
            /**
             * @description An optional free-text reason, shown to the merchant on the POS and in
             *     Stream's order history.
             * @example Customer canceled before preparation started.
             */
            reason?: string;
        };
        /** @description The customer or the DSP canceled an order sent earlier with `new_order`. */
        CancelOrderEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "cancel_order";
            location_id: components["schemas"]["LocationId"];
            occurred_at_ms: components["schemas"]["EpochMillis"];
            data: components["schemas"]["CancelOrder"];
        };
        /**
         * @description Opens or pauses ordering at a location on the DSP. A pause with no `end_time` lasts until
         *     the DSP sends `online` again. `end_time` is after `start_time` when both are sent.
         */
        StoreStatusUpdate: {
            /** @enum {string} */
            status: "online" | "paused";
            /**
             * @description When the status takes effect. Milliseconds since the Unix epoch,
             *     like every other time in this API; omitted means now.
             * @example 1767282300000
             */
            start_time?: number;
            /**
             * @description When a pause ends and the location goes back online, in milliseconds since the Unix
             *     epoch; omitted means the pause is indefinite. Only with
             *     `status: paused`.
             * @example 1767289500000
             */
            end_time?: number;
        };
        /** @description The location was paused or put back online on the DSP. */
        StoreStatusUpdateEvent: {
            event_id: components["schemas"]["EventId"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "store_status_update";
            location_id: components["schemas"]["LocationId"];
            occurred_at_ms: components["schemas"]["EpochMillis"];
            data: components["schemas"]["StoreStatusUpdate"];
        };
        /**
         * @description An event the DSP sends to `POST /order/{partner_id}`, told apart by `type`.
         *     Every event in this API, in both directions, has the same envelope:
         *     `event_id` (unique, the same on every retry), `type`, `location_id`, `occurred_at_ms` (when
         *     it happened, in milliseconds since the Unix epoch) and `data` (the type's payload).
         */
        DspToStreamEvent: components["schemas"]["NewOrderEvent"] | components["schemas"]["CancelOrderEvent"] | components["schemas"]["StoreStatusUpdateEvent"];
    };
    responses: {
        /** @description The event was received (or was a repeat of one already received). */
        EventReceiptResponse: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["EventReceipt"];
            };
        };
        /** @description The body is not a valid event of this contract. Stream does not retry it and alerts its on-call engineers. */
        InvalidEventResponse: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description `Stream-Signature` is missing or does not match the body, or the access token is missing,
         *     unknown or expired.
         */
        UnauthorizedEventResponse: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
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
         * @description The client id you issued to Stream.
         * @example stream-client-7f3a
         */
        ClientId: string;
        /**
         * @description Always `code` (the OAuth 2 authorization code flow).
         * @example code
         */
        ResponseType: "code";
        /**
         * @description Where to send the merchant back, with `code` (and `state`) appended as query parameters.
         *     Only redirect to URIs on the allow-list agreed with Stream; refuse any other.
         * @example https://partners.stream.example/oauth/callback
         */
        RedirectUri: string;
        /**
         * @description Stream sends an opaque value that you must return unchanged on the
         *     redirect, so Stream can tie the callback to the session that started it.
         * @example 9b1f0c6e2d
         */
        State: string;
        /**
         * @description The location, by the `provider_id` your `GET /stream-dsp/v1/locations` returned.
         * @example store-0042
         */
        LocationIdQuery: components["schemas"]["LocationId"];
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
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type Error = components['schemas']['Error'];
export type AuthorizationCodeGrantRequest = components['schemas']['AuthorizationCodeGrantRequest'];
export type RefreshTokenGrantRequest = components['schemas']['RefreshTokenGrantRequest'];
export type TokenExchangeRequest = components['schemas']['TokenExchangeRequest'];
export type TokenExchangeResponse = components['schemas']['TokenExchangeResponse'];
export type Address = components['schemas']['Address'];
export type Location = components['schemas']['Location'];
export type LocationList = components['schemas']['LocationList'];
export type LocationId = components['schemas']['LocationId'];
export type Connection = components['schemas']['Connection'];
export type ConnectLocationRequest = components['schemas']['ConnectLocationRequest'];
export type EventId = components['schemas']['EventId'];
export type EpochMillis = components['schemas']['EpochMillis'];
export type OrderAcceptEvent = components['schemas']['OrderAcceptEvent'];
export type FailureReason = components['schemas']['FailureReason'];
export type FailureDetails = components['schemas']['FailureDetails'];
export type OrderFailEvent = components['schemas']['OrderFailEvent'];
export type OrderStatusChangeEvent = components['schemas']['OrderStatusChangeEvent'];
export type OrderCancelEvent = components['schemas']['OrderCancelEvent'];
export type LocationPausedEvent = components['schemas']['LocationPausedEvent'];
export type LocationResumedEvent = components['schemas']['LocationResumedEvent'];
export type LocationPublishEvent = components['schemas']['LocationPublishEvent'];
export type StreamId = components['schemas']['StreamId'];
export type MenuObjectUpdate = components['schemas']['MenuObjectUpdate'];
export type LocationUpdateEvent = components['schemas']['LocationUpdateEvent'];
export type StreamToDspEvent = components['schemas']['StreamToDspEvent'];
export type EventReceipt = components['schemas']['EventReceipt'];
export type PrepTimeMinutes = components['schemas']['PrepTimeMinutes'];
export type TimeRange = components['schemas']['TimeRange'];
export type Schedule = components['schemas']['Schedule'];
export type Money = components['schemas']['Money'];
export type Currency = components['schemas']['Currency'];
export type Variation = components['schemas']['Variation'];
export type DefaultModifierQuantities = components['schemas']['DefaultModifierQuantities'];
export type ModifierGroup = components['schemas']['ModifierGroup'];
export type Modifier = components['schemas']['Modifier'];
export type ModifierGroupRules = components['schemas']['ModifierGroupRules'];
export type Allergen = components['schemas']['Allergen'];
export type Item = components['schemas']['Item'];
export type Category = components['schemas']['Category'];
export type Menu = components['schemas']['Menu'];
export type Holiday = components['schemas']['Holiday'];
export type Tax = components['schemas']['Tax'];
export type MenuV1 = components['schemas']['MenuV1'];
export type NormalizedMenu = components['schemas']['NormalizedMenu'];
export type NormalizedCategory = components['schemas']['NormalizedCategory'];
export type ItemFamily = components['schemas']['ItemFamily'];
export type ModifierOverride = components['schemas']['ModifierOverride'];
export type MenuSpecificOverride = components['schemas']['MenuSpecificOverride'];
export type NormalizedItem = components['schemas']['NormalizedItem'];
export type ModifierGroupOverride = components['schemas']['ModifierGroupOverride'];
export type NormalizedModifierGroup = components['schemas']['NormalizedModifierGroup'];
export type NormalizedModifier = components['schemas']['NormalizedModifier'];
export type MenuV2 = components['schemas']['MenuV2'];
export type MenuFile = components['schemas']['MenuFile'];
export type E164PhoneNumber = components['schemas']['E164PhoneNumber'];
export type Customer = components['schemas']['Customer'];
export type OrderModifier = components['schemas']['OrderModifier'];
export type OrderItem = components['schemas']['OrderItem'];
export type FulfillmentType = components['schemas']['FulfillmentType'];
export type Discount = components['schemas']['Discount'];
export type NewOrder = components['schemas']['NewOrder'];
export type NewOrderEvent = components['schemas']['NewOrderEvent'];
export type CancelOrder = components['schemas']['CancelOrder'];
export type CancelOrderEvent = components['schemas']['CancelOrderEvent'];
export type StoreStatusUpdate = components['schemas']['StoreStatusUpdate'];
export type StoreStatusUpdateEvent = components['schemas']['StoreStatusUpdateEvent'];
export type DspToStreamEvent = components['schemas']['DspToStreamEvent'];
export type ResponseEventReceiptResponse = components['responses']['EventReceiptResponse'];
export type ResponseInvalidEventResponse = components['responses']['InvalidEventResponse'];
export type ResponseUnauthorizedEventResponse = components['responses']['UnauthorizedEventResponse'];
export type ResponsePayloadTooLarge = components['responses']['PayloadTooLarge'];
export type ResponseUnsupportedMediaType = components['responses']['UnsupportedMediaType'];
export type ParameterClientId = components['parameters']['ClientId'];
export type ParameterResponseType = components['parameters']['ResponseType'];
export type ParameterRedirectUri = components['parameters']['RedirectUri'];
export type ParameterState = components['parameters']['State'];
export type ParameterLocationIdQuery = components['parameters']['LocationIdQuery'];
export type ParameterStreamSignature = components['parameters']['StreamSignature'];
export type $defs = Record<string, never>;
export interface operations {
    authorizeMerchant: {
        parameters: {
            query: {
                /**
                 * @description The client id you issued to Stream.
                 * @example stream-client-7f3a
                 */
                client_id: components["parameters"]["ClientId"];
                /**
                 * @description Always `code` (the OAuth 2 authorization code flow).
                 * @example code
                 */
                response_type: components["parameters"]["ResponseType"];
                /**
                 * @description Where to send the merchant back, with `code` (and `state`) appended as query parameters.
                 *     Only redirect to URIs on the allow-list agreed with Stream; refuse any other.
                 * @example https://partners.stream.example/oauth/callback
                 */
                redirect_uri: components["parameters"]["RedirectUri"];
                /**
                 * @description Stream sends an opaque value that you must return unchanged on the
                 *     redirect, so Stream can tie the callback to the session that started it.
                 * @example 9b1f0c6e2d
                 */
                state?: components["parameters"]["State"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description The merchant is not signed in yet: your login and consent page. It ends in the same
             *     redirect as a `302`.
             */
            200: {
                headers: {
                    /**
                     * @description On the page that asks the merchant to approve Stream, forbid framing with
                     *     `frame-ancestors 'none'`, so the Allow button cannot be clickjacked. A page that only
                     *     redirects at once (a meta refresh) shows no button and needs none.
                     * @example default-src 'none'; form-action 'self'; frame-ancestors 'none'
                     */
                    "Content-Security-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /**
             * @description The merchant is signed in and agreed: redirect to `redirect_uri` with `code` and
             *     `state` added to its query string.
             */
            302: {
                headers: {
                    /** @description `redirect_uri` with `code` (single use, short-lived) and `state` appended. */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `client_id` is unknown (`invalid_client`), `redirect_uri` is not on the allow-list (`invalid_redirect_uri`), `response_type` is not `code` (`unsupported_response_type`), or a parameter is missing (`invalid_request`). Do not redirect. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exchangeToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenExchangeRequest"];
            };
        };
        responses: {
            /**
             * @description New tokens. `expire_time` and `refresh_token_expire_time` are in milliseconds since
             *     the Unix epoch.
             */
            200: {
                headers: {
                    /**
                     * @description `no-store` on every answer that carries tokens, so no cache on the way (a proxy, a
                     *     gateway's edge, the browser) keeps the access and refresh tokens and serves them again.
                     * @example no-store
                     */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenExchangeResponse"];
                };
            };
            /**
             * @description The body is not a valid token request: `invalid_request` when a field the grant needs is
             *     missing or empty or the body is not JSON, `unsupported_grant_type` when `grant_type` is
             *     neither `authorization_code` nor `refresh_token`. Stream does not retry a `400` and treats
             *     it as a failed exchange, as it treats a `401`.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The exchange failed; Stream asks the merchant to connect again. `invalid_client` when the client credentials are wrong, `invalid_grant` when the code or the refresh token is unknown, expired or already used. */
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
    listLocations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The merchant's locations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LocationList"];
                };
            };
            /** @description The access token is missing, unknown or expired. */
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
    getLocationConnection: {
        parameters: {
            query: {
                /**
                 * @description The location, by the `provider_id` your `GET /stream-dsp/v1/locations` returned.
                 * @example store-0042
                 */
                location_id: components["parameters"]["LocationIdQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The location's connection state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /** @description The access token is missing, unknown or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The merchant has no location with this `location_id`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    connectLocation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectLocationRequest"];
            };
        };
        responses: {
            /** @description The location is connected. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /**
             * @description The body is not a valid connect request: it is not JSON, or `location_id` is missing or
             *     empty. Stream does not retry a `400`.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing, unknown or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The merchant has no location with this `location_id`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    disconnectLocation: {
        parameters: {
            query: {
                /**
                 * @description The location, by the `provider_id` your `GET /stream-dsp/v1/locations` returned.
                 * @example store-0042
                 */
                location_id: components["parameters"]["LocationIdQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The location is disconnected. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connection"];
                };
            };
            /** @description The access token is missing, unknown or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The merchant has no location with this `location_id`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveEvent: {
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
                "application/json": components["schemas"]["StreamToDspEvent"];
            };
        };
        responses: {
            200: components["responses"]["EventReceiptResponse"];
            400: components["responses"]["InvalidEventResponse"];
            401: components["responses"]["UnauthorizedEventResponse"];
        };
    };
    getMenuFile: {
        parameters: {
            query: {
                /**
                 * @description The location, by the `provider_id` your `GET /stream-dsp/v1/locations` returned.
                 * @example store-0042
                 */
                location_id: components["parameters"]["LocationIdQuery"];
                /**
                 * @description Opaque, time-limited token Stream put in `menu_file_url` for this location and menu.
                 *     Use it as given.
                 * @example mf_4b7d0e2a91c3
                 */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The menu file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MenuFile"];
                };
            };
            /**
             * @description The `token` has expired or does not match `location_id` (`menu_link_expired`): wait for the
             *     next `location.publish`, or ask Stream support to publish the menu again. Or the link was
             *     changed, its query string holding a parameter Stream did not put there (`menu_link_changed`):
             *     request `menu_file_url` exactly as the event gave it.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No menu has been published for this location. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendOrderEvent: {
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
                 * @description Stream's id for your DSP integration, given to you during onboarding.
                 * @example dsp_7d1e9c40
                 */
                partner_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DspToStreamEvent"];
            };
        };
        responses: {
            /** @description Stream stored the event (or had already stored it) and will process it. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventReceipt"];
                };
            };
            /**
             * @description The body is not a valid event of this contract (an unpaid order that is not
             *     `drive_thru`, a delivery order without `delivery_address`, an unknown `type`). The
             *     order never reaches the POS. The `code` says which rule broke: `invalid_event` for a body
             *     that breaks the schema, `invalid_order` for an order Stream cannot take (its location,
             *     items or sums), `invalid_time` for a time in seconds or out of its window, `unknown_order`
             *     for a cancellation of an order this DSP never sent to this location, `event_id_reused` for an
             *     `event_id` already used for a different event.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Stream-Signature` is missing (`signature_missing`), is not 64 lower-case hex characters (`signature_malformed`) or does not match the body (`signature_mismatch`), or `partner_id` is unknown (`unknown_partner`). */
            401: {
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
    receiveOrderAcceptEvent: {
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
                "application/json": components["schemas"]["OrderAcceptEvent"];
            };
        };
        responses: {
            200: components["responses"]["EventReceiptResponse"];
            400: components["responses"]["InvalidEventResponse"];
            401: components["responses"]["UnauthorizedEventResponse"];
        };
    };
    receiveOrderFailEvent: {
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
                "application/json": components["schemas"]["OrderFailEvent"];
            };
        };
        responses: {
            200: components["responses"]["EventReceiptResponse"];
            400: components["responses"]["InvalidEventResponse"];
            401: components["responses"]["UnauthorizedEventResponse"];
        };
    };
    receiveOrderStatusChangeEvent: {
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
                "application/json": components["schemas"]["OrderStatusChangeEvent"];
            };
        };
        responses: {
            200: components["responses"]["EventReceiptResponse"];
            400: components["responses"]["InvalidEventResponse"];
            401: components["responses"]["UnauthorizedEventResponse"];
        };
    };
    receiveOrderCancelEvent: {
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
                "application/json": components["schemas"]["OrderCancelEvent"];
            };
        };
        responses: {
            200: components["responses"]["EventReceiptResponse"];
            400: components["responses"]["InvalidEventResponse"];
            401: components["responses"]["UnauthorizedEventResponse"];
        };
    };
    receiveLocationPausedEvent: {
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
                "application/json": components["schemas"]["LocationPausedEvent"];
            };
        };
        responses: {
            200: components["responses"]["EventReceiptResponse"];
            400: components["responses"]["InvalidEventResponse"];
            401: components["responses"]["UnauthorizedEventResponse"];
        };
    };
    receiveLocationResumedEvent: {
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
                "application/json": components["schemas"]["LocationResumedEvent"];
            };
        };
        responses: {
            200: components["responses"]["EventReceiptResponse"];
            400: components["responses"]["InvalidEventResponse"];
            401: components["responses"]["UnauthorizedEventResponse"];
        };
    };
    receiveLocationPublishEvent: {
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
                "application/json": components["schemas"]["LocationPublishEvent"];
            };
        };
        responses: {
            200: components["responses"]["EventReceiptResponse"];
            400: components["responses"]["InvalidEventResponse"];
            401: components["responses"]["UnauthorizedEventResponse"];
        };
    };
    receiveLocationUpdateEvent: {
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
                "application/json": components["schemas"]["LocationUpdateEvent"];
            };
        };
        responses: {
            200: components["responses"]["EventReceiptResponse"];
            400: components["responses"]["InvalidEventResponse"];
            401: components["responses"]["UnauthorizedEventResponse"];
        };
    };
}
