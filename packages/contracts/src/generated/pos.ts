// TypeScript types for the pos contract, generated from specs/pos/openapi.yaml by
// `npm run generate -w packages/contracts`. Do not edit by hand: change the spec and regenerate.

export interface paths {
    "/stream-pos/v1/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorize Stream for a merchant
         * @description Stream calls your POS: Stream sends the merchant's browser here to start the OAuth 2
         *     authorization code flow. Sign the merchant in, ask them to let Stream access their POS
         *     account, then redirect to `redirect_uri` with a one-time `code` and the unchanged `state`.
         *     You may redirect straight away (`302`) or return an HTML page that does so (`200`).
         *
         *     When `client_id` is unknown or `redirect_uri` is not on the agreed
         *     allow-list, answer `400` with an `Error` body and never redirect.
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
    "/stream-pos/v1/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange an authorization code or refresh a token
         * @description Stream calls your POS: Stream exchanges the code from `authorize` for tokens
         *     (`grant_type: authorization_code`), or refreshes the access token before it expires
         *     (`grant_type: refresh_token`). Answer `201` with the tokens, `400` when the body is not a
         *     valid token request, or `401` when the client credentials or the code of an exchange, or the
         *     refresh token of a refresh, are not valid.
         *     A refused request changes nothing: check `client_id` and `client_secret` before you look up the
         *     code, so an exchange with a wrong client leaves the merchant's code working for Stream's.
         *     A refresh carries only the refresh token, which is itself the credential.
         *     Rotate the refresh token on every refresh: answer a new refresh token, which Stream stores with
         *     the access token. The refresh token just used must stop working (`401`) no later than the first
         *     use of the new one. Until then it may keep working, and should: if your refresh answer is lost
         *     in transit, Stream retries with the token it still holds, and a refusal would disconnect the
         *     store. Certification checks it (`DSP-OAU-11`, `POS-OAU-11`) by refreshing, using the new refresh
         *     token, then sending the old one.
         *
         *     The request and response have the same shapes as the DSP token endpoint.
         */
        post: operations["exchangeToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream-pos/v1/catalog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the catalog
         * @description Stream calls your POS: Stream reads the catalog when a location is connected, after a
         *     `location.catalog.updated` event, and periodically. Return every category, item family,
         *     item, modifier group, modifier, menu and tax, including inactive ones (`is_active: false`).
         *
         *     Which catalog to return:
         *     - `Provider-Location-Id` only: the catalog of that location.
         *     - `Provider-Merchant-Id` (global catalogs only): the merchant's global catalog, with
         *       `location_overrides`, `menu_overrides` and `location_memberships`. When
         *       `Provider-Location-Id` is sent too, still return the global catalog; Stream reads that
         *       location's entries from it.
         *     - Neither: the catalog of the merchant the access token belongs to. It holds every object the
         *       catalogs of the merchant's locations list, never fewer: a POS that keeps its menus per store
         *       returns them all, not an empty catalog.
         */
        get: operations["getCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream-pos/v1/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the merchant's locations
         * @description Stream calls your POS: Stream lists the locations of the merchant the access token belongs
         *     to, so the merchant can choose which ones to connect. The list is not
         *     paginated and is wrapped in a `locations` field.
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
    "/stream-pos/v1/orders": {
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
         * @description Stream calls your POS: Stream delivers a new order (`order.created`), an update to an order
         *     (`order.updated`) or its cancellation (`order.canceled`), told apart by `type`.
         *
         *     - For `order.created`, create the order on the POS and answer `201` with your order id in
         *       `order.provider_id` (and, optionally, `prep_time_minutes`). Stream sends that id back as
         *       `order_id` on every later event for the order. If you cannot take the order, answer `400`
         *       with a `posValidation` body listing every reason. An order whose `location_id` is not one of
         *       the locations of the merchant the bearer token belongs to is refused that way, with an
         *       `orderValidation` entry of `order_error: store_unavailable`, and no order is made.
         *     - `order.updated` and `order.canceled` are answered `201` with the same
         *       body shape, echoing your order id in `order.provider_id`; on `order.updated`,
         *       `prep_time_minutes` revises the estimate, and on `order.canceled` Stream ignores it. An
         *       event the POS cannot apply (for example an unknown order) is answered `400` with a
         *       `posValidation` body whose `orderValidation` explains why.
         *
         *     Stream signs every order event with `Stream-Signature`, on top of the
         *     bearer token; verify it before you parse the body and answer `401` when it does not match.
         *
         *     Every `400` on this endpoint has a `posValidation` body. A body that is not JSON, lacks a field
         *     the contract requires, gives a field it names the wrong type or value, or has a `type` the POS
         *     does not handle is answered `400` with one `orderValidation` entry of `order_error: other` that
         *     says what is wrong. Fields the contract does not name are ignored, never refused. Never answer
         *     such a body with a `5xx`: Stream would retry it.
         *
         *     Stream retries on timeouts and `5xx`. Stream waits up to 10 seconds for
         *     an answer and retries with backoff for up to 5 minutes, because an order cannot wait longer;
         *     after that the order fails and the customer's platform is told. A retried `order.created` carries
         *     the same `idempotency_key`; answer it with the order you already created.
         */
        post: operations["receiveOrderEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream-pos/v1/location/connection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Connect a location to Stream
         * @description Stream calls your POS: Stream tells your POS that a location is now connected to Stream,
         *     so the POS starts sending that location's events and accepting its orders. Stream makes
         *     this call only when it has enabled the location-connection configuration flag for your
         *     integration; ask Stream Partner Engineering to turn it on.
         *
         *     Success is `204` with no body, and calling it for a location that is
         *     already connected also answers `204`. A `400` carries the common `Error` body.
         */
        put: operations["enableLocationConnection"];
        post?: never;
        /**
         * Disconnect a location from Stream
         * @description Stream calls your POS: Stream tells your POS that a location is no longer connected to
         *     Stream, so the POS stops sending that location's events. Stream makes this call only when
         *     it has enabled the location-connection configuration flag for your integration.
         *
         *     Success is `204` with no body, and calling it for a location that is
         *     already disconnected also answers `204`. A `400` carries the common `Error` body.
         */
        delete: operations["disableLocationConnection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pos/{partner_slug}/webhook": {
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
         * Send an event to Stream
         * @description Your POS calls Stream: report a catalog change, an order status update, a location status
         *     or connection change, or an order taken in store. The body is one event, told apart by
         *     `type`; each type is also listed on its own under `webhooks`.
         *
         *     Your POS signs the raw body with the webhook secret Stream issued for
         *     your integration and sends the signature in `Stream-Signature`; Stream answers `401` when it
         *     is missing or does not match. Every event carries its data under `object`.
         *
         *     Stream answers `204` with no body once it has accepted the event.
         */
        post: operations["sendWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "order.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New order (Stream to POS)
         * @description Stream calls your POS: delivered to `POST /stream-pos/v1/orders` when a customer places an
         *     order for one of your locations on a DSP or Stream storefront. Create the order on the POS and
         *     answer `201` with your order id, or `400` with every reason you cannot take it.
         *
         *     Not to be confused with `incoming.order.created`, which your POS sends to Stream.
         */
        post: operations["receiveNewOrder"];
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
         * Order updated (Stream to POS)
         * @description Stream calls your POS: delivered to `POST /stream-pos/v1/orders` when an order Stream sent
         *     earlier changes status, or its delivery progresses. `object.order_id` is the order id your POS
         *     returned for the `order.created` event.
         */
        post: operations["receiveOrderUpdate"];
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
         * Order canceled (Stream to POS)
         * @description Stream calls your POS: delivered to `POST /stream-pos/v1/orders` when an order Stream sent
         *     earlier is canceled by the customer, the DSP or Stream. `object.order_id` is the order id your
         *     POS returned for the `order.created` event. Void the order on the POS.
         */
        post: operations["receiveOrderCancellation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.catalog.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Catalog updated (POS to Stream)
         * @description Your POS calls Stream: sent to `POST /pos/{partner_slug}/webhook` when a location's catalog
         *     changed. Stream then reads it again with `GET /stream-pos/v1/catalog`. For a global catalog,
         *     send one event per location the change affects.
         */
        post: operations["sendCatalogUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.status.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Order status updated (POS to Stream)
         * @description Your POS calls Stream: sent to `POST /pos/{partner_slug}/webhook` when an order Stream sent
         *     is ready for pickup, completed, or canceled by the merchant on the POS.
         */
        post: operations["sendOrderStatusUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.status.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Location status updated (POS to Stream)
         * @description Your POS calls Stream: sent to `POST /pos/{partner_slug}/webhook` when a location starts
         *     or stops taking orders. An inactive location with `paused_until` becomes active again at that
         *     time without another event.
         */
        post: operations["sendLocationStatusUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.catalog.object.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Catalog object updated (POS to Stream)
         * @description Your POS calls Stream: sent to `POST /pos/{partner_slug}/webhook` when one item family,
         *     item or modifier is activated or deactivated at a location (for example, sold out), without a
         *     full catalog refresh.
         *
         *     Your catalog must say the same from then on: the next `GET /stream-pos/v1/catalog` for
         *     `object.location_id` lists the object with the `is_active` the event gave, and an object switched
         *     off stays in the catalog with `is_active: false` rather than leaving it.
         */
        post: operations["sendCatalogObjectUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.connection.offline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Location connection offline (POS to Stream)
         * @description Your POS calls Stream: sent to `POST /pos/{partner_slug}/webhook` when a location's POS
         *     lost its connection, so Stream stops sending it orders until the location reconnects.
         *     The location counts as reconnected when the POS next sends any event
         *     for it (for example `location.status.updated` with `status: active`) or when `GET /locations`
         *     reports its `connection_status` as `online`.
         */
        post: operations["sendLocationDisconnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "incoming.order.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * In-store order created (POS to Stream)
         * @description Your POS calls Stream: sent to `POST /pos/{partner_slug}/webhook` with `type: order.created`
         *     when an order is taken on the POS (at the counter or by phone), so Stream can track it and,
         *     for `stream_managed_delivery`, dispatch a driver.
         *
         *     This entry is keyed `incoming.order.created` because `order.created` is
         *     already the key of the order Stream sends to your POS; the event's `type` is `order.created`.
         */
        post: operations["sendInStoreOrder"];
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
         * @description A section of a menu (Burgers, Sides) grouping item families. Besides
         *     `provider_id` and `is_active`, a category carries only `name`, `description` and the ids of
         *     its item families, in display order.
         */
        Category: {
            /** @description Your id for the category, stable across catalog reads. */
            provider_id: string;
            name: string;
            description?: string;
            /** @description The `provider_id`s of the item families in this category, in display order. */
            item_family_ids: string[];
            /**
             * @description Whether the category is shown. Omitted means active. A category your POS sells from should be shown: fill it from whether the category is on the menu, not from a screen switch such as the customer display's.
             * @default true
             */
            is_active?: boolean;
        };
        /**
         * @description A price as an integer in the lowest unit of its currency (cents for USD), never a decimal.
         * @example 1299
         */
        PriceAmount: number;
        /**
         * @description ISO 4217 currency code in upper case (`USD`, not `usd`). The POS and events APIs use upper
         *     case; the DSP API uses lower case and has its own `Currency`.
         * @example USD
         */
        CurrencyCode: string;
        /**
         * @description An allergen an item or item family contains. Values are exact and lower case. Contract
         *     decision: the POS catalog uses the same values as the DSP menu's allergens, since the POS
         *     list is not shown.
         * @example gluten
         * @enum {string}
         */
        Allergen: "eggs" | "soybeans" | "dairy" | "sesame" | "lupin" | "celery" | "mustard" | "gluten" | "wheat" | "rye" | "barley" | "oats" | "spelt" | "kamut" | "shellfish" | "crustaceans" | "molluscs" | "fish" | "almonds" | "hazelnuts" | "walnuts" | "cashews" | "pecan" | "brazil" | "pistachio" | "macadamia" | "peanuts" | "tree_nuts" | "sulphur_dioxide_sulphites";
        /**
         * @description A DSP that supports per-DSP price overrides, by its slug.
         * @enum {string}
         */
        DspSlug: "doordash" | "uber" | "grubhub" | "chownow" | "flipdish";
        /** @description A price that replaces the object's own price in one context. */
        PriceOverride: {
            price_amount: components["schemas"]["PriceAmount"];
            price_currency: components["schemas"]["CurrencyCode"];
        };
        /**
         * @description Prices to use on particular DSPs instead of the object's own price, keyed by DSP slug
         *     (`doordash`, `uber`, `grubhub`, `chownow`, `flipdish`); any other key is rejected. A DSP without
         *     a key gets the object's own price. The field is named `dsp_price_overrides`.
         * @example {
         *       "doordash": {
         *         "price_amount": 1449,
         *         "price_currency": "USD"
         *       },
         *       "uber": {
         *         "price_amount": 1499,
         *         "price_currency": "USD"
         *       }
         *     }
         */
        DspPriceOverrides: {
            [key: string]: components["schemas"]["PriceOverride"];
        };
        /**
         * @description What differs for one location in a global catalog. Global catalogs only: a location catalog
         *     never carries `location_overrides`. Omitted fields keep the object's own values. Contract
         *     decision: overrides are a list of entries, each naming its location.
         */
        LocationOverride: {
            /** @description The `provider_id` of the location this entry applies to. */
            location_id: string;
            price_amount?: components["schemas"]["PriceAmount"];
            price_currency?: components["schemas"]["CurrencyCode"];
            /** @description Whether the object is sold at this location. Omitted means the object's own `is_active`. */
            is_active?: boolean;
            /** @description Items only; how many are left at this location, as `stock_count` on an item. */
            stock_count?: number;
            dsp_price_overrides?: components["schemas"]["DspPriceOverrides"];
        };
        /**
         * @description What differs for the object when it is sold through one menu (a happy-hour price, for
         *     example). Global catalogs only. Omitted fields keep the object's own values. Contract
         *     decision: overrides are a list of entries, each naming its menu.
         */
        MenuOverride: {
            /** @description The `provider_id` of the menu this entry applies to. */
            menu_id: string;
            price_amount?: components["schemas"]["PriceAmount"];
            price_currency?: components["schemas"]["CurrencyCode"];
            /** @description Whether the object is offered on this menu. Omitted means the object's own `is_active`. */
            is_active?: boolean;
        };
        /**
         * @description A dish as the customer sees it (Classic Burger), whose items are its sellable variations
         *     (Single, Double). Either the family has its own price (`price_amount` and `price_currency`,
         *     for a family sold as is), or, when both are unset, `item_ids` must name at least one item.
         *     A family also carries
         *     `name`, `description`, `item_ids` and `modifier_group_ids`.
         */
        ItemFamily: {
            /** @description Your id for the item family, stable across catalog reads. */
            provider_id: string;
            name: string;
            description?: string;
            /** @description The `provider_id`s of the family's items, in display order. */
            item_ids?: string[];
            /** @description The `provider_id`s of the modifier groups offered with every item of the family, in display order. */
            modifier_group_ids?: string[];
            price_amount?: components["schemas"]["PriceAmount"];
            price_currency?: components["schemas"]["CurrencyCode"];
            /**
             * @description Whether the family is for sale. Omitted means active.
             * @default true
             */
            is_active?: boolean;
            /** @description Public HTTPS URLs of photos of the dish, best first. */
            images?: string[];
            /** @description The UPC or EAN barcode digits (8, 12, 13 or 14 digits) for packaged goods. */
            upc?: string;
            /** @description Your stock-keeping unit code. */
            sku?: string;
            /**
             * @description Deposit charged per unit for the container (bottle or can), in the lowest unit of the
             *     family's currency. An integer amount, like prices.
             */
            container_deposit?: number;
            /**
             * @description Whether the family contains alcohol; DSPs check the customer's age.
             * @default false
             */
            is_alcohol?: boolean;
            /** @description The `provider_id`s of the taxes that apply to the family, besides any default taxes. */
            tax_ids?: string[];
            /**
             * @description When `true` (the default) the taxes marked `is_default` apply too;
             *     when `false` only `tax_ids` apply.
             * @default true
             */
            use_default_tax_rates?: boolean;
            /**
             * @description When `true`, no tax applies, whatever `tax_ids` and `use_default_tax_rates` say.
             * @default false
             */
            is_tax_exempt?: boolean;
            /**
             * @description Global catalogs only: the `provider_id`s of the locations that sell this family. Contract
             *     decision: omitted means every location of the merchant.
             */
            location_memberships?: string[];
            allergens?: components["schemas"]["Allergen"][];
            /** @description Global catalogs only. Per-location price, availability and DSP prices. */
            location_overrides?: components["schemas"]["LocationOverride"][];
            /** @description Global catalogs only. Per-menu price and availability. */
            menu_overrides?: components["schemas"]["MenuOverride"][];
            dsp_price_overrides?: components["schemas"]["DspPriceOverrides"];
        };
        /**
         * @description A sellable variation of an item family (Single, Double, Large). An item also carries `name`; when `price_amount` and
         *     `price_currency` are unset, the item sells at its family's price.
         */
        Item: {
            /** @description Your id for the item. Stream sends it back as a line item's `provider_id` in orders. */
            provider_id: string;
            name: string;
            price_amount?: components["schemas"]["PriceAmount"];
            price_currency?: components["schemas"]["CurrencyCode"];
            /**
             * @description Whether the item is for sale. Omitted means active.
             * @default true
             */
            is_active?: boolean;
            /** @description How many are left to sell; `0` means sold out. Omitted means stock is not tracked. */
            stock_count?: number;
            /** @description Global catalogs only. Per-location price, availability, stock and DSP prices. */
            location_overrides?: components["schemas"]["LocationOverride"][];
            /** @description Global catalogs only. Per-menu price and availability. */
            menu_overrides?: components["schemas"]["MenuOverride"][];
            dsp_price_overrides?: components["schemas"]["DspPriceOverrides"];
        };
        /**
         * @description How many modifiers of a group a customer may pick: `single` (at most one) or `multiple`.
         *     Defaults to `single`.
         * @default single
         * @enum {string}
         */
        SelectionType: "single" | "multiple";
        /**
         * @description A choice offered with an item family (Cheese, Toppings). A group also carries `name`; the bounds are named `min_selections` and
         *     `max_selections`, and a `single` group allows at most one selection.
         */
        ModifierGroup: {
            /** @description Your id for the modifier group. Stream sends it back as a modifier's `modifier_group_id` in orders. */
            provider_id: string;
            name: string;
            selection_type?: components["schemas"]["SelectionType"];
            /** @description The `provider_id`s of the group's modifiers, in display order. */
            modifier_ids: string[];
            /**
             * @description The fewest modifiers the customer must pick; `0` makes the group optional.
             * @default 0
             */
            min_selections?: number;
            /**
             * @description The most modifiers the customer may pick; at least `min_selections`. Omitted means no
             *     limit for `multiple`, and one for `single`.
             */
            max_selections?: number;
            /**
             * @description Whether the group is offered. Omitted means active.
             * @default true
             */
            is_active?: boolean;
        };
        /**
         * @description One option of a modifier group (Cheddar, Bacon). A modifier also carries `name` and `nested_modifier_group_ids`; when
         *     `price_amount` and `price_currency` are unset, the modifier is free.
         */
        Modifier: {
            /** @description Your id for the modifier. Stream sends it back as a modifier's `provider_id` in orders. */
            provider_id: string;
            name: string;
            price_amount?: components["schemas"]["PriceAmount"];
            price_currency?: components["schemas"]["CurrencyCode"];
            /**
             * @description Whether the modifier is offered. Omitted means active.
             * @default true
             */
            is_active?: boolean;
            /** @description The `provider_id`s of modifier groups offered once this modifier is picked (a sauce for a side, for example). */
            nested_modifier_group_ids?: string[];
            /** @description Global catalogs only. Per-location price, availability and DSP prices. */
            location_overrides?: components["schemas"]["LocationOverride"][];
            /** @description Global catalogs only. Per-menu price and availability. */
            menu_overrides?: components["schemas"]["MenuOverride"][];
            dsp_price_overrides?: components["schemas"]["DspPriceOverrides"];
        };
        /**
         * @description An opening range `HH:mm-HH:mm`, 24-hour, in the location's timezone. The end may be `24:00`
         *     for midnight. The end is after the start; a range past midnight is split
         *     into one range ending `24:00` and one starting `00:00` the next day.
         * @example 11:00-22:00
         */
        TimeRange: string;
        /**
         * @description When a menu is available, per weekday, as lists of time ranges in the location's timezone.
         *     A day that is omitted or has an empty list is closed. The weekdays are
         *     keyed by their lower-case English names, as in the DSP menu schedule.
         */
        MenuSchedule: {
            monday?: components["schemas"]["TimeRange"][];
            tuesday?: components["schemas"]["TimeRange"][];
            wednesday?: components["schemas"]["TimeRange"][];
            thursday?: components["schemas"]["TimeRange"][];
            friday?: components["schemas"]["TimeRange"][];
            saturday?: components["schemas"]["TimeRange"][];
            sunday?: components["schemas"]["TimeRange"][];
        };
        /**
         * @description A menu (All day, Breakfast) listing categories and when they are available. Contract
         *     decision: besides the fields in the product specification, a menu carries `name`.
         */
        Menu: {
            /** @description Your id for the menu. */
            provider_id: string;
            name: string;
            /** @description The `provider_id`s of the menu's categories, in display order. */
            category_ids: string[];
            schedule: components["schemas"]["MenuSchedule"];
            /**
             * @description When `true`, Stream stops taking orders on this menu the location's
             *     `prep_time_minutes` before each range ends, so the last order is ready by closing time.
             * @default false
             */
            should_adjust_for_prep_time?: boolean;
            /**
             * @description Whether the menu is offered. Omitted means active.
             * @default true
             */
            is_active?: boolean;
        };
        /**
         * @description A tax applied to item families that list it in `tax_ids` or, when `is_default`, to those that
         *     use default tax rates. Besides `rate`, a tax carries `provider_id`, `name`,
         *     `is_default`, `is_inclusive` and, in global catalogs, `location_memberships`.
         */
        Tax: {
            /** @description Your id for the tax. */
            provider_id: string;
            name: string;
            /**
             * @description The rate as a percentage, so `5` means 5% and `8.875` means 8.875%, never a fraction of 1 (`0.08875`): a catalog whose rates other than `0` are all below 1 breaks `tax-rate-percent`.
             * @example 8.875
             */
            rate: number;
            /**
             * @description Whether the tax applies to every item family with `use_default_tax_rates`.
             * @default false
             */
            is_default?: boolean;
            /**
             * @description Whether prices already include the tax (common outside the US).
             * @default false
             */
            is_inclusive?: boolean;
            /**
             * @description Global catalogs only: the `provider_id`s of the locations where the tax applies. Omitted
             *     means every location of the merchant.
             */
            location_memberships?: string[];
        };
        /**
         * @deprecated
         * @description Deprecated: send `tax` entries (`Tax`) instead. Kept so older POS integrations keep working.
         *     Stream reads `tax_rate` only when `tax` is empty, and a tax rate has the
         *     same meaning as a `Tax` with `provider_id`, `name` and `rate`.
         */
        TaxRate: {
            provider_id: string;
            name?: string;
            /** @description The rate as a percentage, so `5` means 5%, never a fraction of 1 (`0.05`): a catalog whose rates other than `0` are all below 1 breaks `tax-rate-percent`. */
            rate: number;
        };
        /**
         * @description A location's catalog, or a merchant's global catalog. Objects are linked by `provider_id`:
         *     menu → category (`category_ids`) → item family (`item_family_ids`) → item (`item_ids`), and
         *     item family → modifier group (`modifier_group_ids`) → modifier (`modifier_ids`). Every id a
         *     list names must be present in this response. Send inactive objects too, with `is_active: false`.
         *
         *     Prices are integers in the lowest currency unit with upper-case ISO 4217 currencies. In a
         *     global catalog, Stream resolves the price an object sells at, for a location, a menu and a
         *     DSP, in this order (first match wins): the location override's `dsp_price_overrides` entry
         *     for the DSP, the location override's price, the menu override's price, the object's own
         *     `dsp_price_overrides` entry, the object's own price.
         */
        CatalogResponse: {
            category: components["schemas"]["Category"][];
            item_family: components["schemas"]["ItemFamily"][];
            item: components["schemas"]["Item"][];
            modifier_group: components["schemas"]["ModifierGroup"][];
            modifier: components["schemas"]["Modifier"][];
            menu: components["schemas"]["Menu"][];
            tax: components["schemas"]["Tax"][];
            /**
             * @deprecated
             * @description Deprecated; use `tax`.
             */
            tax_rate?: components["schemas"]["TaxRate"][];
        };
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
        /**
         * @description Whether the POS at the location is reachable and can take orders (`online`) or not (`offline`).
         * @enum {string}
         */
        ConnectionStatus: "online" | "offline";
        /** @description One of the merchant's locations on the POS. */
        Location: {
            /** @description Your id for the location. Stream sends it as `location_id` in every call about the location. */
            provider_id: string;
            name: string;
            address: components["schemas"]["Address"];
            /**
             * @description IANA time zone of the location (`America/New_York`); menu schedules are read in it.
             * @example America/New_York
             */
            timezone: string;
            /**
             * @description Usual minutes from accepting an order to having it ready.
             * @example 15
             */
            prep_time_minutes?: number;
            connection_status: components["schemas"]["ConnectionStatus"];
        };
        /** @description Every location of the merchant the access token belongs to. */
        LocationsResponse: {
            locations: components["schemas"]["Location"][];
        };
        /**
         * @description The ordering platform the order came from.
         * @enum {string}
         */
        OrderSource: "uber" | "grubhub" | "doordash" | "example-dsp" | "jet" | "deliveroo" | "skipthedishes" | "flipdish" | "chownow";
        /**
         * @description The brand the customer ordered through: any source, or a brand a source runs (`caviar` and
         *     `storefront` orders can come from `doordash`, `postmates` from `uber`, `eat24` from
         *     `grubhub`, `yelp` from its ordering partner).
         * @enum {string}
         */
        OrderBrand: "uber" | "grubhub" | "doordash" | "example-dsp" | "jet" | "deliveroo" | "skipthedishes" | "flipdish" | "chownow" | "yelp" | "eat24" | "caviar" | "storefront" | "postmates";
        /**
         * @description How the order reaches the customer. The DSP and POS APIs carry all seven fulfillment types.
         * @example pickup
         * @enum {string}
         */
        FulfillmentType: "curbside" | "delivery" | "dine_in" | "merchant_managed_delivery" | "pickup" | "stream_managed_delivery" | "drive_thru";
        /**
         * @description Phone number in E.164 format, a plus sign followed by up to 15 digits, country code first.
         * @example +14155550123
         */
        E164PhoneNumber: string;
        /**
         * @description A customer on the order. A customer has `name` and, when the source
         *     shares them, `email`, `phone` and `phone_code`.
         */
        OrderCustomer: {
            name: string;
            /** Format: email */
            email?: string;
            phone?: components["schemas"]["E164PhoneNumber"];
            /** @description Code to dial after `phone` when `phone` is a masked relay number. */
            phone_code?: string;
        };
        /**
         * @description A modifier picked for a line item, or for another modifier. A modifier
         *     names your catalog ids, its quantity per unit of its parent, and its unit price.
         */
        OrderModifier: {
            /** @description The `provider_id` of the modifier in your catalog. */
            provider_id: string;
            /** @description The `provider_id` of the modifier group it was picked from. */
            modifier_group_id: string;
            name: string;
            /** @description How many per unit of the parent line item or modifier. */
            quantity: number;
            price_amount: components["schemas"]["PriceAmount"];
            /** @description Modifiers picked from this modifier's nested modifier groups. */
            modifiers?: components["schemas"]["OrderModifier"][];
        };
        /**
         * @description One item of the order. A line item names your catalog ids, its quantity
         *     and its unit price without modifiers.
         */
        OrderLineItem: {
            /** @description The `provider_id` of the item in your catalog. */
            provider_id: string;
            /** @description The `provider_id` of the item's family in your catalog. */
            item_family_id?: string;
            name: string;
            quantity: number;
            price_amount: components["schemas"]["PriceAmount"];
            modifiers?: components["schemas"]["OrderModifier"][];
            /** @description The customer's note for this item (no onions, for example). */
            special_instructions?: string;
        };
        /**
         * @description The order Stream sends to the POS. All amounts are integers in the lowest unit of
         *     `currency`. `delivery_address` is required for `merchant_managed_delivery` and
         *     `stream_managed_delivery`.
         *
         *     `id`, `currency`, `tip`, `delivery_fee`, `service_charge`, `discount_total`, `total`,
         *     `delivery_address`, `special_instructions` and the line items give a POS what it needs to
         *     build the ticket and check the totals.
         */
        OrderEventData: {
            /** @description Stream's id for the order, for support requests. */
            id: string;
            /** @description Identical on every retry of the same order; create the order once per key. */
            idempotency_key: string;
            source: components["schemas"]["OrderSource"];
            brand?: components["schemas"]["OrderBrand"];
            /** @description The source's id for the order, as shown to the customer and the courier. */
            source_order_id: string;
            /** @description The `provider_id` of the location that fulfils the order. */
            location_id: string;
            fulfillment_type: components["schemas"]["FulfillmentType"];
            /**
             * Format: date-time
             * @description When the customer placed the order. RFC 3339 date-time.
             */
            placed_at: string;
            /**
             * Format: date-time
             * @description When the customer wants the order ready (or delivered). RFC 3339
             *     date-time, always sent; for an order as soon as possible it is Stream's estimate.
             */
            requested_for: string;
            /** @description Whether the customer scheduled the order for later, rather than as soon as possible. */
            is_future_order: boolean;
            /** @description The customer who placed the order first, then any others in a group order. */
            customers: components["schemas"]["OrderCustomer"][];
            line_items: components["schemas"]["OrderLineItem"][];
            currency: components["schemas"]["CurrencyCode"];
            /**
             * @description Sum of the line items before tax, fees, tips and discounts: for each line item,
             *     `quantity` × (`price_amount` + each modifier's `quantity` × `price_amount`, nested ones included).
             */
            subtotal: number;
            /** @description Tax on the order. */
            tax: number;
            /**
             * @description `true` when the source collects and remits `tax` itself (marketplace
             *     facilitator rules), so the merchant must not remit it again.
             * @default false
             */
            tax_withheld_by_dsp?: boolean;
            /**
             * @description Tip for the merchant's staff or courier.
             * @default 0
             */
            tip?: number;
            /** @default 0 */
            delivery_fee?: number;
            /** @default 0 */
            service_charge?: number;
            /**
             * @description Sum of the discounts, as a positive amount.
             * @default 0
             */
            discount_total?: number;
            /**
             * @description What the customer paid: `subtotal` + `tax` + `tip` + `delivery_fee` + `service_charge` −
             *     `discount_total`. The POS compares its own total with this one and reports a difference
             *     in `orderTotalsValidation`.
             */
            total: number;
            delivery_address?: components["schemas"]["Address"];
            /** @description The customer's note for the whole order. */
            special_instructions?: string;
        };
        /** @description Stream → POS at `POST /stream-pos/v1/orders`. A new order for one of your locations. */
        NewOrderEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.created";
            object: components["schemas"]["OrderEventData"];
        };
        /**
         * @description Where the order stands after the change an `order.updated` event reports.
         * @example ready_for_pickup
         * @enum {string}
         */
        OrderUpdateStatus: "ready_for_pickup" | "out_for_delivery" | "dsp_canceled" | "merchant_canceled" | "completed" | "failed";
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
         * @description Stream → POS at `POST /stream-pos/v1/orders`. An order Stream sent earlier changed status, or
         *     its delivery progressed. `delivery_status` and `driver_details` are sent when Stream knows
         *     them.
         */
        UpdatedOrderEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.updated";
            object: {
                status: components["schemas"]["OrderUpdateStatus"];
                /** @description The `provider_id` of the location. */
                location_id: string;
                /** @description Your order id, the `order.provider_id` you returned for `order.created`. */
                order_id: string;
            };
            delivery_status?: components["schemas"]["DeliveryStatus"];
            driver_details?: components["schemas"]["DeliveryDriverDetails"];
        };
        /** @description Stream → POS at `POST /stream-pos/v1/orders`. An order Stream sent earlier was canceled; void it on the POS. */
        CanceledOrderEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.canceled";
            object: {
                /** @description The `provider_id` of the location. */
                location_id: string;
                /** @description Your order id, the `order.provider_id` you returned for `order.created`. */
                order_id: string;
            };
        };
        /**
         * @description Any order event Stream sends to `POST /stream-pos/v1/orders`, told apart by `type`.
         *     The types are `order.created`, `order.updated` and `order.canceled`, as in the events API.
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
        /** @description The location Stream connects or disconnects. */
        LocationConnectionRequest: {
            /** @description Your id (`provider_id`) for the location. */
            location_id: string;
        };
        /** @description POS → Stream at `POST /pos/{partner_slug}/webhook`. A location's catalog changed; Stream reads it again. */
        LocationCatalogUpdatedEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location.catalog.updated";
            object: {
                /** @description The `provider_id` of the location whose catalog changed. */
                location_id: string;
            };
        };
        /**
         * @description The status a POS reports for an order Stream sent, in `order.status.updated`.
         * @enum {string}
         */
        PosOrderStatus: "ready_for_pickup" | "completed" | "merchant_canceled";
        /**
         * @description POS → Stream at `POST /pos/{partner_slug}/webhook`. An order Stream sent changed status on
         *     the POS. The fields sit under `object`, like the other POS events.
         */
        OrderStatusUpdatedEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.status.updated";
            object: {
                status: components["schemas"]["PosOrderStatus"];
                /** @description Your order id, the `order.provider_id` you returned for `order.created`. */
                provider_id: string;
                /** @description The `provider_id` of the location. */
                location_id: string;
            };
        };
        /**
         * @description Whether a location takes orders (`active`) or is paused (`inactive`). An inactive location
         *     returns to `active` at `paused_until` when one is given.
         * @enum {string}
         */
        LocationStatus: "active" | "inactive";
        /**
         * @description POS → Stream at `POST /pos/{partner_slug}/webhook`. A location started (`active`) or stopped
         *     (`inactive`) taking orders. The fields sit under `object`, like the other
         *     POS events.
         */
        LocationStatusUpdatedEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location.status.updated";
            object: {
                status: components["schemas"]["LocationStatus"];
                /** @description The `provider_id` of the location. */
                location_id: string;
                /**
                 * @description Only with `inactive`: when the location becomes `active` again, in milliseconds since
                 *     the Unix epoch; `null` or omitted pauses it until the next `active` event. Must be in
                 *     the future. Sending it with `active` is rejected.
                 * @example 1767290400000
                 */
                paused_until?: number | null;
            };
        };
        /**
         * @description The kinds of catalog object a POS can activate or deactivate one at a time.
         * @enum {string}
         */
        CatalogObjectType: "item_family" | "item" | "modifier";
        /**
         * @description POS → Stream at `POST /pos/{partner_slug}/webhook`. One item family, item or modifier was
         *     activated or deactivated at a location. The fields sit under `object`,
         *     like the other POS events.
         */
        LocationCatalogObjectUpdatedEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location.catalog.object.updated";
            object: {
                /** @description The `provider_id` of the location. */
                location_id: string;
                /** @description The `provider_id` of the catalog object. */
                object_id: string;
                object_type: components["schemas"]["CatalogObjectType"];
                object_update: {
                    /** @description Whether the object is now for sale at the location. */
                    is_active: boolean;
                };
            };
        };
        /** @description POS → Stream at `POST /pos/{partner_slug}/webhook`. A location's POS went offline; Stream stops sending it orders. */
        LocationConnectionOfflineEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location.connection.offline";
            object: {
                /** @description The POS location id (`provider_id`). */
                location_id: string;
            };
        };
        /**
         * @description An order taken on the POS (at the counter or by phone) that the POS reports to Stream. All
         *     amounts are integers in the lowest unit of `currency`. `delivery_address` is required for
         *     `merchant_managed_delivery` and `stream_managed_delivery`.
         *
         *     It has the shape of the order Stream sends, without the fields that only
         *     an ordering platform has (`id`, `idempotency_key`, `source`, `brand`, `source_order_id`,
         *     `tax_withheld_by_dsp`) and with `provider_id`, your id for the order. Stream treats a repeated
         *     `provider_id` for the same location as a retry.
         */
        IncomingOrder: {
            /** @description Your id for the order. Stream sends it as `order_id` in later events about the order. Each order has its own: two different orders never share one, since Stream treats a repeated `provider_id` for the same location as a retry. */
            provider_id: string;
            /** @description The `provider_id` of the location that took the order. */
            location_id: string;
            fulfillment_type: components["schemas"]["FulfillmentType"];
            /**
             * Format: date-time
             * @description When the order was taken, as an RFC 3339 date-time.
             */
            placed_at: string;
            /**
             * Format: date-time
             * @description When the customer wants the order ready (or delivered), as an RFC 3339 date-time.
             */
            requested_for: string;
            /**
             * @description Whether the customer scheduled the order for later, rather than as soon as possible: `false`
             *     for an order wanted within the location's `prep_time_minutes` of `placed_at`.
             * @default false
             */
            is_future_order?: boolean;
            customers: components["schemas"]["OrderCustomer"][];
            line_items: components["schemas"]["OrderLineItem"][];
            currency: components["schemas"]["CurrencyCode"];
            /** @description Sum of the line items, computed as for orders Stream sends. */
            subtotal: number;
            tax: number;
            /** @default 0 */
            tip?: number;
            /** @default 0 */
            delivery_fee?: number;
            /** @default 0 */
            service_charge?: number;
            /** @default 0 */
            discount_total?: number;
            /** @description `subtotal` + `tax` + `tip` + `delivery_fee` + `service_charge` − `discount_total`. */
            total: number;
            delivery_address?: components["schemas"]["Address"];
            special_instructions?: string;
        };
        /**
         * @description POS → Stream at `POST /pos/{partner_slug}/webhook`. An order taken on the POS. Listed under
         *     `webhooks` as `incoming.order.created`; its `type` is `order.created`.
         */
        IncomingOrderCreatedEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.created";
            object: components["schemas"]["IncomingOrder"];
        };
        /** @description Any event a POS sends to `POST /pos/{partner_slug}/webhook`, told apart by `type`. */
        PosWebhookEvent: components["schemas"]["LocationCatalogUpdatedEvent"] | components["schemas"]["OrderStatusUpdatedEvent"] | components["schemas"]["LocationStatusUpdatedEvent"] | components["schemas"]["LocationCatalogObjectUpdatedEvent"] | components["schemas"]["LocationConnectionOfflineEvent"] | components["schemas"]["IncomingOrderCreatedEvent"];
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
export type Error = components['schemas']['Error'];
export type AuthorizationCodeGrantRequest = components['schemas']['AuthorizationCodeGrantRequest'];
export type RefreshTokenGrantRequest = components['schemas']['RefreshTokenGrantRequest'];
export type TokenExchangeRequest = components['schemas']['TokenExchangeRequest'];
export type TokenExchangeResponse = components['schemas']['TokenExchangeResponse'];
export type Category = components['schemas']['Category'];
export type PriceAmount = components['schemas']['PriceAmount'];
export type CurrencyCode = components['schemas']['CurrencyCode'];
export type Allergen = components['schemas']['Allergen'];
export type DspSlug = components['schemas']['DspSlug'];
export type PriceOverride = components['schemas']['PriceOverride'];
export type DspPriceOverrides = components['schemas']['DspPriceOverrides'];
export type LocationOverride = components['schemas']['LocationOverride'];
export type MenuOverride = components['schemas']['MenuOverride'];
export type ItemFamily = components['schemas']['ItemFamily'];
export type Item = components['schemas']['Item'];
export type SelectionType = components['schemas']['SelectionType'];
export type ModifierGroup = components['schemas']['ModifierGroup'];
export type Modifier = components['schemas']['Modifier'];
export type TimeRange = components['schemas']['TimeRange'];
export type MenuSchedule = components['schemas']['MenuSchedule'];
export type Menu = components['schemas']['Menu'];
export type Tax = components['schemas']['Tax'];
export type TaxRate = components['schemas']['TaxRate'];
export type CatalogResponse = components['schemas']['CatalogResponse'];
export type Address = components['schemas']['Address'];
export type ConnectionStatus = components['schemas']['ConnectionStatus'];
export type Location = components['schemas']['Location'];
export type LocationsResponse = components['schemas']['LocationsResponse'];
export type OrderSource = components['schemas']['OrderSource'];
export type OrderBrand = components['schemas']['OrderBrand'];
export type FulfillmentType = components['schemas']['FulfillmentType'];
export type E164PhoneNumber = components['schemas']['E164PhoneNumber'];
export type OrderCustomer = components['schemas']['OrderCustomer'];
export type OrderModifier = components['schemas']['OrderModifier'];
export type OrderLineItem = components['schemas']['OrderLineItem'];
export type OrderEventData = components['schemas']['OrderEventData'];
export type NewOrderEvent = components['schemas']['NewOrderEvent'];
export type OrderUpdateStatus = components['schemas']['OrderUpdateStatus'];
export type DeliveryStatus = components['schemas']['DeliveryStatus'];
export type DriverSource = components['schemas']['DriverSource'];
export type DriverName = components['schemas']['DriverName'];
export type DriverPhone = components['schemas']['DriverPhone'];
export type DriverPictureUrl = components['schemas']['DriverPictureUrl'];
export type VehicleInfo = components['schemas']['VehicleInfo'];
export type HandoffInstructions = components['schemas']['HandoffInstructions'];
export type DriverPasscode = components['schemas']['DriverPasscode'];
export type DeliveryDriverDetails = components['schemas']['DeliveryDriverDetails'];
export type UpdatedOrderEvent = components['schemas']['UpdatedOrderEvent'];
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
export type LocationConnectionRequest = components['schemas']['LocationConnectionRequest'];
export type LocationCatalogUpdatedEvent = components['schemas']['LocationCatalogUpdatedEvent'];
export type PosOrderStatus = components['schemas']['PosOrderStatus'];
export type OrderStatusUpdatedEvent = components['schemas']['OrderStatusUpdatedEvent'];
export type LocationStatus = components['schemas']['LocationStatus'];
export type LocationStatusUpdatedEvent = components['schemas']['LocationStatusUpdatedEvent'];
export type CatalogObjectType = components['schemas']['CatalogObjectType'];
export type LocationCatalogObjectUpdatedEvent = components['schemas']['LocationCatalogObjectUpdatedEvent'];
export type LocationConnectionOfflineEvent = components['schemas']['LocationConnectionOfflineEvent'];
export type IncomingOrder = components['schemas']['IncomingOrder'];
export type IncomingOrderCreatedEvent = components['schemas']['IncomingOrderCreatedEvent'];
export type PosWebhookEvent = components['schemas']['PosWebhookEvent'];
export type ResponsePayloadTooLarge = components['responses']['PayloadTooLarge'];
export type ResponseUnsupportedMediaType = components['responses']['UnsupportedMediaType'];
export type ParameterClientId = components['parameters']['ClientId'];
export type ParameterResponseType = components['parameters']['ResponseType'];
export type ParameterRedirectUri = components['parameters']['RedirectUri'];
export type ParameterState = components['parameters']['State'];
export type ParameterStreamSignature = components['parameters']['StreamSignature'];
export type ParameterPartnerSlug = components['parameters']['PartnerSlug'];
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
            /** @description An HTML page where the merchant signs in and approves access; it ends by redirecting to `redirect_uri`. */
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
            /** @description Redirect to `redirect_uri` with `code` and `state` appended as query parameters. */
            302: {
                headers: {
                    /**
                     * @description The `redirect_uri` with `code` and `state` appended.
                     * @example https://partners.stream.example/oauth/callback?code=c0d3-5f8a2b&state=9b1f0c6e2d
                     */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot start an authorization: `invalid_client` for an unknown `client_id`, `invalid_redirect_uri` when `redirect_uri` is not allowed, `unsupported_response_type` when `response_type` is not `code`, `invalid_request` when a parameter is missing. */
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
            /** @description Tokens issued. Note the status is `201`, not `200`. */
            201: {
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
            /** @description The client credentials, the authorization code or the refresh token are not valid: `invalid_client` when the client credentials are wrong, `invalid_grant` when the code or the refresh token is unknown, expired or already used. */
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
    getCatalog: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for the merchant whose global catalog Stream wants. Sent only to POS integrations with global catalogs.
                 * @example merchant-4417
                 */
                "Provider-Merchant-Id"?: string;
                /**
                 * @description Your id (`provider_id`) for the location whose catalog Stream wants.
                 * @example loc-downtown
                 */
                "Provider-Location-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalog. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogResponse"];
                };
            };
            /** @description The access token is missing, expired or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The merchant or location named in the headers is not one the access
             *     token can read.
             */
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
    listLocations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every location of the merchant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LocationsResponse"];
                };
            };
            /** @description The access token is missing, expired or revoked. */
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
            /** @description The POS accepted the event. For `order.created`, the order now exists on the POS. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedOrderEventResponse"];
                };
            };
            /**
             * @description The POS refused the event; `posValidation` lists every reason. A body that breaks the
             *     contract gets one `orderValidation` entry of `order_error: other`.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosValidationError"];
                };
            };
            /** @description The access token is missing, expired or revoked, or `Stream-Signature` does not match the body. */
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
    enableLocationConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LocationConnectionRequest"];
            };
        };
        responses: {
            /** @description The location is connected. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The POS could not connect the location (for example an unknown `location_id`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing, expired or revoked. */
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
    disableLocationConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LocationConnectionRequest"];
            };
        };
        responses: {
            /** @description The location is disconnected. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The POS could not disconnect the location (for example an unknown `location_id`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The access token is missing, expired or revoked. */
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
    sendWebhookEvent: {
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
                "application/json": components["schemas"]["PosWebhookEvent"];
            };
        };
        responses: {
            /** @description Stream accepted the event. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not a valid event (`invalid_event`), holds a time no POS could mean (`invalid_time`: `paused_until` in seconds or past its bound, an in-store order placed more than 5 minutes after or 30 minutes before it arrived), or names an order the POS never answered for (`unknown_order`), or a catalog object the catalog the POS served for the location does not have, or has under another kind than `object_type` (`unknown_catalog_object`), or is an in-store order whose `subtotal` or `total` does not add up, or whose line names its item under another family, or a modifier under another group, than the served catalog does (`invalid_order`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Stream-Signature` header is missing (`signature_missing`), is not 64 lower-case hex characters (`signature_malformed`) or does not match the body (`signature_mismatch`), or `partner_slug` is unknown (`unknown_partner`: Stream holds no webhook secret for it). */
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
    receiveNewOrder: {
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
            /** @description The order was created on the POS. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedOrderEventResponse"];
                };
            };
            /** @description The POS refused the event; `posValidation` lists every reason. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosValidationError"];
                };
            };
            /** @description The access token is missing, expired or revoked, or `Stream-Signature` does not match the body. */
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
    receiveOrderUpdate: {
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
            /** @description The POS applied the update. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedOrderEventResponse"];
                };
            };
            /** @description The POS refused the event; `posValidation` lists every reason. An event whose `object.order_id` is not an order of this POS at the event's `object.location_id` (an order the POS never answered for, or one of another location) is refused this way, with an `orderValidation` entry of `order_error` `other`, and changes no order. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosValidationError"];
                };
            };
            /** @description The access token is missing, expired or revoked, or `Stream-Signature` does not match the body. */
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
    receiveOrderCancellation: {
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
            /** @description The POS canceled the order. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedOrderEventResponse"];
                };
            };
            /** @description The POS refused the event; `posValidation` lists every reason. An event whose `object.order_id` is not an order of this POS at the event's `object.location_id` (an order the POS never answered for, or one of another location) is refused this way, with an `orderValidation` entry of `order_error` `other`, and changes no order. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosValidationError"];
                };
            };
            /** @description The access token is missing, expired or revoked, or `Stream-Signature` does not match the body. */
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
    sendCatalogUpdate: {
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
                "application/json": components["schemas"]["LocationCatalogUpdatedEvent"];
            };
        };
        responses: {
            /** @description Stream accepted the event. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not a valid event. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Stream-Signature` header is missing or does not match the body. */
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
    sendOrderStatusUpdate: {
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
                "application/json": components["schemas"]["OrderStatusUpdatedEvent"];
            };
        };
        responses: {
            /** @description Stream accepted the event. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not a valid event (`invalid_event`), holds a time no POS could mean (`invalid_time`), or `object.provider_id` names no order your POS answered for at `object.location_id` (`unknown_order`: unknown, or an order of another location). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Stream-Signature` header is missing or does not match the body. */
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
    sendLocationStatusUpdate: {
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
                "application/json": components["schemas"]["LocationStatusUpdatedEvent"];
            };
        };
        responses: {
            /** @description Stream accepted the event. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not a valid event. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Stream-Signature` header is missing or does not match the body. */
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
    sendCatalogObjectUpdate: {
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
                "application/json": components["schemas"]["LocationCatalogObjectUpdatedEvent"];
            };
        };
        responses: {
            /** @description Stream accepted the event. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not a valid event (`invalid_event`), or `object.object_id` names no object of the catalog your POS served for the location, or one of another kind than `object.object_type` (`unknown_catalog_object`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Stream-Signature` header is missing or does not match the body. */
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
    sendLocationDisconnection: {
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
                "application/json": components["schemas"]["LocationConnectionOfflineEvent"];
            };
        };
        responses: {
            /** @description Stream accepted the event. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not a valid event. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Stream-Signature` header is missing or does not match the body. */
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
    sendInStoreOrder: {
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
                "application/json": components["schemas"]["IncomingOrderCreatedEvent"];
            };
        };
        responses: {
            /** @description Stream accepted the event. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not a valid event (`invalid_event`), holds a time no POS could mean (`invalid_time`), or its `subtotal` or `total` does not add up (`invalid_order`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Stream-Signature` header is missing or does not match the body. */
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
