// TypeScript types for the partner contract, generated from specs/partner/openapi.yaml by
// `npm run generate -w packages/contracts`. Do not edit by hand: change the spec and regenerate.

export interface paths {
    "/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List partner tokens
         * @description Your backend calls Stream to list the partner tokens of an organization, without their
         *     secrets. Needs a bearer token with the `user` scope.
         */
        get: operations["listPartnerTokens"];
        put?: never;
        /**
         * Create a partner token
         * @description Your backend calls Stream to create a named partner token for an organization. The answer
         *     holds the `client_id` and, this once only, the `client_secret` to exchange at
         *     `POST /oauth/token`. Needs a bearer token with the `user` scope.
         */
        post: operations["createPartnerToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tokens/{token_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The `_id` of the partner token.
                 * @example tok_01HZX4A7PRT5M2C9V8D3E6F1GH
                 */
                token_id: string;
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Rename a partner token
         * @description Your backend calls Stream to change the name of a partner token. Its scopes and credentials
         *     do not change. Needs a bearer token with the `user` scope.
         */
        put: operations["renamePartnerToken"];
        post?: never;
        /**
         * Delete a partner token
         * @description Your backend calls Stream to delete a partner token. Its credentials stop working at once:
         *     `POST /oauth/token` refuses them and Stream rejects access tokens already issued for them.
         *     Deleting revokes issued access tokens too, so a leaked credential can be
         *     shut off in one call. Needs a bearer token with the `user` scope.
         */
        delete: operations["deletePartnerToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request an access token
         * @description Your backend calls Stream to exchange a partner token's client credentials for a bearer
         *     access token (`grant_type=client_credentials`), or to renew one with a refresh token
         *     (`grant_type=refresh_token`). This endpoint needs no authentication; the credentials are
         *     in the body. Access tokens last at most one hour; refresh before `expires_in` runs out.
         */
        post: operations["requestOAuthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/white-label/generate-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate an SSO login session
         * @description Your backend calls Stream to sign one of your users in to Stream (white-label single
         *     sign-on). Stream finds the user by `email` or creates them, and answers with a single-use
         *     `sso_login_token`; redirect the user's browser to Stream with it right away. Needs a bearer
         *     token with the `sso` scope.
         */
        post: operations["generateSsoSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/onboarding/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an onboarding integration
         * @description Your backend calls Stream to start connecting a merchant organization to a POS or DSP. Stream
         *     answers with the onboarding and its `entry_url`: send the merchant's browser there to run the
         *     OAuth flow. When it ends, the merchant lands on your `return_url` with a `code`; complete the
         *     onboarding with `PUT /onboarding/integrations/{id}`. Needs a bearer token with the
         *     `onboarding` scope.
         */
        post: operations["createOnboardingIntegration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/onboarding/integrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The `_id` of the onboarding integration.
                 * @example onb_01HZX5C2D4E6F8G0H1J3K5M7NP
                 */
                id: string;
            };
            cookie?: never;
        };
        /**
         * Get an onboarding integration
         * @description Your backend calls Stream to read an onboarding integration and its `status`. Needs a bearer
         *     token with the `onboarding` scope.
         */
        get: operations["getOnboardingIntegration"];
        /**
         * Complete an onboarding integration
         * @description Your backend calls Stream to complete an onboarding with the OAuth `code` the merchant brought
         *     back to your `return_url`. Stream exchanges the code with the POS or DSP and the onboarding
         *     becomes `active`. Only a `pending` or `waiting_for_oauth` onboarding can be
         *     completed; any other status gets `409`. Needs a bearer token with the `onboarding` scope.
         */
        put: operations["completeOnboardingIntegration"];
        post?: never;
        /**
         * Revoke an onboarding integration
         * @description Your backend calls Stream to revoke an onboarding integration; it becomes `deprovisioned`.
         *     Stream answers `200` with the revoked onboarding so you can see its final
         *     status, and a second revoke gets `409`. Needs a bearer token with the `onboarding` scope.
         */
        delete: operations["revokeOnboardingIntegration"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/onboarding/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the locations of an onboarding
         * @description Your backend calls Stream to list the locations the connected POS or DSP offers for an
         *     `active` onboarding, so the merchant can choose which to ingest. Needs a bearer token with
         *     the `onboarding` scope.
         */
        get: operations["listOnboardingLocations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/onboarding/locations/ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ingest onboarding locations
         * @description Your backend calls Stream to import locations offered by an `active` onboarding into the
         *     merchant's Stream organization, by their `provider_id`. Stream answers with its own `_id` for
         *     each. Needs a bearer token with the `onboarding` scope.
         */
        post: operations["ingestOnboardingLocations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/onboarding/locations/bind": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bind DSP stores to locations
         * @description Your backend calls Stream to bind DSP stores to the merchant's Stream locations for an
         *     `active` onboarding, so each store's orders reach its location. Stream answers with each
         *     binding's status; it is usually `pending` until the DSP approves it. Follow it with
         *     `GET /onboarding/org/{id}/locations`. Needs a bearer token with the `onboarding` scope.
         */
        post: operations["bindOnboardingLocations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/onboarding/org": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an organization
         * @description Your backend calls Stream to create a merchant organization with its first user, who is
         *     invited by email as the owner. You should keep the returned `org_id` for onboarding and tokens. Needs a
         *     bearer token with the `legacy_onboarding` or `onboarding` scope.
         */
        post: operations["createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/onboarding/org/{id}/locations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The `org_id` of the organization.
                 * @example org_01HZX3K8J9Q2W7V5N4M6B1C0DE
                 */
                id: string;
            };
            cookie?: never;
        };
        /**
         * List the locations of an organization
         * @description Your backend calls Stream to list an organization's locations with their status and the
         *     status of each DSP store bound to them. Pass `location_id` to read one location. Needs a
         *     bearer token with the `legacy_onboarding` or `onboarding` scope.
         */
        get: operations["listOrganizationLocations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List billing reports
         * @description Your backend calls Stream to list your monthly billing reports, newest month first. This
         *     endpoint shows no security requirement; that mirrors the published contract, which lists
         *     none for the billing endpoints.
         */
        get: operations["listBillingReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/reports/raw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a raw billing report
         * @description Your backend calls Stream to download the raw data behind one month's billing report.
         *     Stream answers with the CSV file itself (`text/csv`, one row per billed
         *     location), not with a link to it. Like every billing endpoint, it declares no security requirement.
         */
        get: operations["getRawBillingReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/billing/reports/invoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a billing invoice
         * @description Your backend calls Stream to download the invoice for one month. Stream
         *     answers with the PDF document itself (`application/pdf`), not with a link to it. Like every billing endpoint, it declares no security requirement.
         */
        get: operations["getBillingInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description What a token may do. Each endpoint needs one scope, as follows.
         *
         *     - `user`: manage partner tokens (`/tokens`).
         *     - `onboarding`: onboarding integrations and their locations (`/onboarding/integrations`, `/onboarding/locations`).
         *     - `legacy_onboarding`: organization creation and organization locations (`/onboarding/org`); `onboarding` is accepted there too.
         *     - `sso`: white-label single sign-on (`/white-label/generate-session`).
         *     - `billing`: billing reports (`/billing/reports`); the billing endpoints declare no security requirement, so Stream does not check the scope there.
         * @enum {string}
         */
        PartnerTokenScope: "user" | "onboarding" | "legacy_onboarding" | "sso" | "billing";
        /** @description One or more scopes, each listed once. */
        PartnerTokenScopes: components["schemas"]["PartnerTokenScope"][];
        /**
         * @description A named API credential of one organization. Exchange its `client_id` and `client_secret` for a
         *     bearer JWT at `POST /oauth/token`. A partner token is a client credential,
         *     not a bearer token itself; the secret is returned only once, when the token is created.
         */
        PartnerToken: {
            /**
             * @description Stream's id of the token; the `token_id` of `/tokens/{token_id}`.
             * @example tok_01HZX4A7PRT5M2C9V8D3E6F1GH
             */
            _id: string;
            /**
             * @description The organization the token acts for.
             * @example org_01HZX3K8J9Q2W7V5N4M6B1C0DE
             */
            org_id: string;
            /**
             * @description Your label for the token, shown in the Stream dashboard.
             * @example Production POS sync
             */
            token_name: string;
            scopes: components["schemas"]["PartnerTokenScopes"];
            /**
             * @description Send as `client_id` to `POST /oauth/token`.
             * @example cli_01HZX4A7PRT5M2C9V8D3E6F1GH
             */
            client_id: string;
            /**
             * Format: date-time
             * @description `created_at` is when the token was created, an RFC 3339 date-time in UTC.
             */
            created_at: string;
        };
        /**
         * @description The tokens of an organization, newest first, without their secrets. The
         *     list is not paginated, since an organization holds a handful of tokens.
         */
        PartnerTokenList: {
            tokens: components["schemas"]["PartnerToken"][];
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
         * @description Creates a named token for an organization. All three fields are required,
         *     since a token without an organization, a name or a scope cannot be used or told apart.
         */
        PartnerTokenCreateRequest: {
            /**
             * @description The organization the token acts for.
             * @example org_01HZX3K8J9Q2W7V5N4M6B1C0DE
             */
            org_id: string;
            /**
             * @description Your label for the token, shown in the Stream dashboard.
             * @example Production POS sync
             */
            token_name: string;
            scopes: components["schemas"]["PartnerTokenScopes"];
        };
        /** @description The new token, with its secret. Store `client_secret` now; Stream never returns it again. */
        PartnerTokenCreateResponse: components["schemas"]["PartnerToken"] & {
            /**
             * @description Send as `client_secret` to `POST /oauth/token`. Shown only in this response; keep it server-side.
             * @example cs_live_9fK2mQ7xVb4Rt8LwZp3Hn6Yc
             */
            client_secret: string;
        };
        /** @description Renames a token. Its scopes, `client_id` and secret do not change. */
        PartnerTokenRenameRequest: {
            /**
             * @description The new label for the token.
             * @example POS sync (rotated June 2025)
             */
            token_name: string;
        };
        /**
         * @description When the access token should expire, in seconds since the Unix epoch. It must be at most one
         *     hour (3600 seconds) after the time Stream issues the token; Stream answers `400` with
         *     `invalid_request` otherwise. This limit is relative to the issue time, so the schema cannot
         *     check it. Optional; when omitted, the token expires one hour after issue.
         * @example 1767229200
         */
        OAuthTokenExpiry: number;
        /**
         * @description Scopes the access token should carry. Optional. With `client_credentials`, each must be one the
         *     partner token holds, and when omitted the access token gets all of them. With `refresh_token`,
         *     each must be one the refreshed token carries, and when omitted the new token keeps exactly the
         *     refreshed token's scopes: a refresh can narrow a token, never widen it. A scope outside those
         *     gets `403` with `insufficient_scope`.
         */
        OAuthRequestedScopes: components["schemas"]["PartnerTokenScopes"];
        /**
         * Client credentials
         * @description Gets a new access token and refresh token for a partner token's client credentials.
         */
        OAuthClientCredentialsGrant: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            grant_type: "client_credentials";
            /**
             * @description The `client_id` of one of your partner tokens.
             * @example cli_01HZX4A7PRT5M2C9V8D3E6F1GH
             */
            client_id: string;
            /**
             * @description The `client_secret` returned when that partner token was created.
             * @example cs_live_9fK2mQ7xVb4Rt8LwZp3Hn6Yc
             */
            client_secret: string;
            exp?: components["schemas"]["OAuthTokenExpiry"];
            scopes?: components["schemas"]["OAuthRequestedScopes"];
        };
        /**
         * Refresh token
         * @description Gets a new access token (and a new refresh token) before the current access token expires.
         */
        OAuthRefreshTokenGrant: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            grant_type: "refresh_token";
            /**
             * @description The `client_id` of one of your partner tokens.
             * @example cli_01HZX4A7PRT5M2C9V8D3E6F1GH
             */
            client_id: string;
            /**
             * @description The `client_secret` returned when that partner token was created.
             * @example cs_live_9fK2mQ7xVb4Rt8LwZp3Hn6Yc
             */
            client_secret: string;
            exp?: components["schemas"]["OAuthTokenExpiry"];
            scopes?: components["schemas"]["OAuthRequestedScopes"];
            /**
             * @description The `refresh_token` from the last token response. Single use; the response carries a new one.
             * @example rt_01HZX7QW3E5R7T9Y1U3I5O7P9A.k2Lx8vQm
             */
            refresh_token: string;
        };
        /**
         * @description A client-credentials grant or a refresh grant, told apart by `grant_type`. `refresh_token` is
         *     required for a refresh grant and not allowed for a client-credentials grant. The body is `application/json`, and `client_id` and `client_secret` are required for both
         *     grants so a stolen refresh token alone cannot mint access tokens.
         */
        OAuthTokenRequest: components["schemas"]["OAuthClientCredentialsGrant"] | components["schemas"]["OAuthRefreshTokenGrant"];
        /**
         * @description A bearer access token and the refresh token that renews it. Every field is
         *     always present.
         */
        OAuthTokenResponse: {
            /** @description A JWT to send as `Authorization: Bearer <access_token>`. */
            access_token: string;
            /**
             * @description Always `bearer`.
             * @constant
             */
            token_type: "bearer";
            /** @description Send with `grant_type=refresh_token` to get a new access token. Single use. */
            refresh_token: string;
            /**
             * @description Seconds until the access token expires (not a timestamp). At most one hour.
             * @example 3600
             */
            expires_in: number;
            /**
             * @description Seconds until the refresh token expires (not a timestamp).
             * @example 2592000
             */
            refresh_token_expires_in: number;
            /** @description The scopes the access token carries. */
            scopes: components["schemas"]["PartnerTokenScopes"];
        };
        /**
         * @description Phone number in E.164 format, a plus sign followed by up to 15 digits, country code first.
         * @example +14155550123
         */
        E164PhoneNumber: string;
        /**
         * @description The Stream role of a user signed in with single sign-on: `owner`, `admin`, `manager`,
         *     `team_member`, or `custom` (a role the organization defined itself in Stream).
         * @enum {string}
         */
        SsoRole: "owner" | "admin" | "manager" | "team_member" | "custom";
        /**
         * @description The merchant user to sign in. Stream finds the user by `email`, or creates them, and returns a
         *     one-time login token.
         */
        SsoSessionRequest: {
            /**
             * Format: email
             * @description The user's email address; identifies the user in Stream.
             * @example maria.lopez@tacoloco.example
             */
            email: string;
            /**
             * @description The user's first and last name as shown in Stream.
             * @example Maria Lopez
             */
            full_name: string;
            phone_number: components["schemas"]["E164PhoneNumber"];
            /**
             * @description The user's role in the organization. Optional; a user created without a
             *     role gets `team_member`, the least-privileged fixed role, and an existing user keeps their role.
             */
            role?: components["schemas"]["SsoRole"];
            /**
             * @description Your id of the merchant organization the user signs in to. Optional;
             *     when omitted, Stream signs the user in to the organization they already belong to, and
             *     answers `404` if there is none.
             * @example taco-loco-group-4471
             */
            provider_org_id?: string;
        };
        /**
         * @description A login token for the user. It is single use and valid for 60 seconds;
         *     redirect the user's browser at once to `https://app.stream.example/sso/login?sso_login_token=<token>`
         *     (the sandbox host is `https://app.sandbox.stream.example`) rather than storing it. Stream signs
         *     the user in and opens the organization named by `provider_org_id`.
         */
        SsoSessionResponse: {
            /**
             * @description One-time token that signs the user in to Stream.
             * @example sso_7c1f3e9a2b4d4e8f9a0b1c2d3e4f5a6b
             */
            sso_login_token: string;
        };
        /**
         * @description Whether the merchant organization is being connected to a POS (`pos`) or to a DSP (`dsp`).
         * @enum {string}
         */
        OnboardingType: "pos" | "dsp";
        /** @description Starts connecting a merchant organization to a POS or DSP. Every field is required. */
        OnboardingIntegrationCreateRequest: {
            /**
             * @description The Stream organization to connect.
             * @example org_01HZX3K8J9Q2W7V5N4M6B1C0DE
             */
            org_id: string;
            /**
             * @description The slug of the POS or DSP to connect. It must be a source agreed with Stream for your
             *     partner account; another gets `400` with `source_not_agreed`.
             * @example example-pos
             */
            source: string;
            type: components["schemas"]["OnboardingType"];
            /**
             * Format: uri
             * @description Where Stream sends the merchant when the OAuth flow ends: with `code` appended as a query
             *     parameter when the merchant approved, or with `error=access_denied` and no `code` when
             *     the merchant refused. After a refusal the onboarding stays `waiting_for_oauth`: send the
             *     merchant to `entry_url` again, or revoke the onboarding. It must be an `https` URL on a
             *     host registered for your partner account; another host gets `400` with
             *     `return_url_not_registered`.
             * @example https://app.examplepos.example/stream/onboarding/callback
             */
            return_url: string;
        };
        /**
         * @description Where an onboarding integration stands.
         *
         *     - `pending`: created; the merchant has not started the OAuth flow yet.
         *     - `waiting_for_oauth`: the merchant opened `entry_url`; Stream waits for the OAuth code.
         *     - `active`: completed with the OAuth code (`PUT /onboarding/integrations/{id}`).
         *     - `deprovisioned`: revoked (`DELETE /onboarding/integrations/{id}`). Final.
         *
         *     A new integration starts as `pending` and moves to `waiting_for_oauth` when
         *     the merchant opens `entry_url`; completion is accepted from either state. Other transitions are
         *     not specified; treat unknown moves as possible.
         * @enum {string}
         */
        OnboardingStatus: "pending" | "waiting_for_oauth" | "active" | "deprovisioned";
        /**
         * @description The connection of one merchant organization to a POS or DSP, made through an OAuth flow.
         *     `merchant_id`, `partner_org_id` and `integration_id` are present only once
         *     known (after the OAuth flow completes); every other field is always present.
         */
        OnboardingIntegration: {
            /**
             * @description Stream's id of the onboarding; the `id` of `/onboarding/integrations/{id}` and the `onboarding_id` of the location calls.
             * @example onb_01HZX5C2D4E6F8G0H1J3K5M7NP
             */
            _id: string;
            /**
             * @description The Stream organization being connected.
             * @example org_01HZX3K8J9Q2W7V5N4M6B1C0DE
             */
            org_id: string;
            /**
             * @description The merchant's account id at the connected POS or DSP, once the OAuth flow has completed.
             * @example mer_5521907
             */
            merchant_id?: string;
            type: components["schemas"]["OnboardingType"];
            status: components["schemas"]["OnboardingStatus"];
            /**
             * @description Stream's id of the partner that created the onboarding (you).
             * @example ptr_01HZX0A1B2C3D4E5F6G7H8J9KM
             */
            partner_id: string;
            /**
             * @description The connected POS or DSP's id of the merchant organization, once the OAuth flow has completed.
             * @example acct_88310
             */
            partner_org_id?: string;
            /**
             * @description The slug of the POS or DSP being connected, as given when the onboarding was created.
             * @example example-pos
             */
            source: string;
            /**
             * Format: uri
             * @description Send the merchant's browser here to start the OAuth flow.
             */
            entry_url: string;
            /**
             * Format: uri
             * @description Where the merchant lands when the OAuth flow ends: with `code` as a query parameter when
             *     the merchant approved, or with `error=access_denied` and no `code` when the merchant
             *     refused (the onboarding then stays `waiting_for_oauth`).
             */
            return_url: string;
            /**
             * @description Stream's id of the POS or DSP integration created when the onboarding became `active`.
             * @example int_01HZX8R4S6T8V0W2X4Y6Z8A0BC
             */
            integration_id?: string;
        };
        /** @description Completes the OAuth flow of an onboarding with the code the merchant brought back to your `return_url`. */
        OnboardingIntegrationCompleteRequest: {
            /**
             * @description The OAuth authorization code from the `code` query parameter on your `return_url`. Single use.
             * @example ac_4Jd9QeX2mT7pLk8Rz3Vw
             */
            code: string;
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
         * @description A location the connected POS or DSP offers for this onboarding, not yet necessarily in Stream.
         *     `provider_id`, `name` and `source` are always present; `address` only when
         *     the provider has one.
         */
        OnboardingLocation: {
            /**
             * @description The provider's id of the location. Pass it to `POST /onboarding/locations/ingest`.
             * @example LOC-0042
             */
            provider_id: string;
            /**
             * @description The location's name at the provider.
             * @example Taco Loco Mission
             */
            name: string;
            address?: components["schemas"]["Address"];
            /**
             * @description The slug of the POS or DSP that offers the location.
             * @example example-pos
             */
            source: string;
        };
        /**
         * @description The locations offered for an onboarding. Lists are wrapped in an object and
         *     not paginated.
         */
        OnboardingLocationList: {
            locations: components["schemas"]["OnboardingLocation"][];
        };
        /**
         * @description Imports locations offered by an `active` onboarding into Stream. All fields
         *     are required, at least one location is listed, each `provider_id` once.
         */
        LocationIngestRequest: {
            /**
             * @description The `_id` of an `active` onboarding integration.
             * @example onb_01HZX5C2D4E6F8G0H1J3K5M7NP
             */
            onboarding_id: string;
            locations: {
                /**
                 * @description A `provider_id` from `GET /onboarding/locations`.
                 * @example LOC-0042
                 */
                provider_id: string;
            }[];
        };
        /**
         * @description The ingested locations with the ids Stream gave them. Ingesting is idempotent;
         *     ingesting a `provider_id` again returns the same `_id`.
         */
        LocationIngestResponse: {
            locations: {
                /**
                 * @description Stream's id of the location. Use it as `pos_location_id` when binding DSP stores.
                 * @example loc_01HZX6D3F5G7H9J1K3M5N7P9QR
                 */
                _id: string;
                /**
                 * @description The provider's id of the location, as sent.
                 * @example LOC-0042
                 */
                provider_id: string;
            }[];
        };
        /**
         * @description Binds DSP stores to Stream locations for an `active` onboarding. Every field
         *     is required and at least one binding is listed.
         */
        LocationBindRequest: {
            /**
             * @description The `_id` of an `active` onboarding integration of `type` `dsp`, for the DSP whose stores are bound.
             * @example onb_01HZX5C2D4E6F8G0H1J3K5M7NP
             */
            onboarding_id: string;
            locations: {
                /**
                 * @description Stream's id of the location (the `_id` returned by ingest) whose orders the DSP store takes.
                 * @example loc_01HZX6D3F5G7H9J1K3M5N7P9QR
                 */
                pos_location_id: string;
                /**
                 * @description The DSP's id of the store.
                 * @example dd-store-311874
                 */
                dsp_provider_id: string;
                /**
                 * @description The store's name at the DSP.
                 * @example Taco Loco (Mission St)
                 */
                dsp_store_name: string;
            }[];
        };
        /**
         * @description Where the binding of a DSP store to a Stream location stands. Values are case-sensitive;
         *     `APPROVED` is upper case.
         *
         *     - `APPROVED`: the DSP store receives orders for the location.
         *     - `pending`: the DSP has not approved the binding yet.
         *     - `needs_reconnection`: the DSP connection broke; the merchant must reconnect.
         *     - `waiting_for_deprovision`: removal was requested and is in progress.
         *     - `deprovisioned`: removed.
         * @enum {string}
         */
        DspBindingStatus: "APPROVED" | "pending" | "needs_reconnection" | "waiting_for_deprovision" | "deprovisioned";
        /** @description The bindings as sent, each with its binding status. */
        LocationBindResponse: {
            locations: {
                /**
                 * @description Stream's id of the location.
                 * @example loc_01HZX6D3F5G7H9J1K3M5N7P9QR
                 */
                pos_location_id: string;
                /**
                 * @description The DSP's id of the store.
                 * @example dd-store-311874
                 */
                dsp_provider_id: string;
                /**
                 * @description The store's name at the DSP.
                 * @example Taco Loco (Mission St)
                 */
                dsp_store_name: string;
                status: components["schemas"]["DspBindingStatus"];
            }[];
        };
        /**
         * @description Creates a merchant organization in Stream with its first user, who becomes its owner.
         *     Every field is required, since Stream cannot invite an owner without an
         *     email and a name, and `provider_id` is what stops the same organization being created twice.
         */
        OrganizationCreateRequest: {
            /**
             * @description The organization's name as shown in Stream.
             * @example Taco Loco Group
             */
            name: string;
            /**
             * @description Your id of the organization. Unique per partner; a second create with the same value gets `409`.
             * @example taco-loco-group-4471
             */
            provider_id: string;
            /** @description The organization's first user, invited by email as its owner. */
            user: {
                /**
                 * Format: email
                 * @example maria.lopez@tacoloco.example
                 */
                email: string;
                /** @example Maria */
                first_name: string;
                /** @example Lopez */
                last_name: string;
            };
        };
        /** @description The ids of the new organization and of its first user. */
        OrganizationCreateResponse: {
            /**
             * @description Stream's id of the organization.
             * @example org_01HZX3K8J9Q2W7V5N4M6B1C0DE
             */
            org_id: string;
            /**
             * @description Stream's id of the organization's first user.
             * @example usr_01HZX3K9B2C4D6E8F0G1H3J5KM
             */
            user_id: string;
        };
        /**
         * @description Where a location of an organization stands: `active` (taking orders through Stream), `pending`
         *     (being set up), `waiting_for_deprovision` (removal requested and in progress) or
         *     `deprovisioned` (removed).
         * @enum {string}
         */
        OrganizationLocationStatus: "active" | "pending" | "waiting_for_deprovision" | "deprovisioned";
        /**
         * @description A location of an organization with the DSP stores bound to it. `_id`, `name`,
         *     `source`, `status` and `dsps` are always present (`dsps` may be empty); `address` only when known.
         */
        OrganizationLocation: {
            /**
             * @description Stream's id of the location.
             * @example loc_01HZX6D3F5G7H9J1K3M5N7P9QR
             */
            _id: string;
            /**
             * @description The location's name.
             * @example Taco Loco Mission
             */
            name: string;
            /**
             * @description The slug of the POS the location came from.
             * @example example-pos
             */
            source: string;
            status: components["schemas"]["OrganizationLocationStatus"];
            address?: components["schemas"]["Address"];
            /** @description The DSP stores bound to the location. */
            dsps: {
                /**
                 * @description Stream's id of the binding.
                 * @example dsb_01HZX9T5V7W9X1Y3Z5A7B9C1DE
                 */
                _id: string;
                /**
                 * @description The store's name at the DSP.
                 * @example Taco Loco (Mission St)
                 */
                name: string;
                /**
                 * @description The DSP's slug.
                 * @example doordash
                 */
                source: string;
                status: components["schemas"]["DspBindingStatus"];
                /**
                 * Format: date-time
                 * @description When `status` last changed. An RFC 3339 date-time in UTC, absent
                 *     until the status first changes.
                 */
                change_time?: string;
            }[];
        };
        /** @description The locations of an organization, or the one asked for with `location_id`. Not paginated. */
        OrganizationLocationList: {
            locations: components["schemas"]["OrganizationLocation"][];
        };
        /** @description One month of billing for a partner. Field names are camelCase, as published. Every field is always present. */
        BillingReport: {
            /**
             * @description The month reported on. Formatted `YYYY-MM`; the raw report and the invoice
             *     of the month are named `billing-<reportMonth>.csv` and `invoice-<reportMonth>.pdf`.
             * @example 2025-05
             */
            reportMonth: string;
            /**
             * @description Stream's id of the partner billed.
             * @example ptr_01HZX0A1B2C3D4E5F6G7H8J9KM
             */
            partnerId: string;
            /** @description Stream's ids of the locations billed in the month, each listed once. */
            locations: string[];
            /** @description The month's counts, all whole numbers. */
            metrics: {
                /** @description Locations active at any time in the month. */
                activeLocations: number;
                /** @description Locations that became active for the first time in the month. */
                newActivations: number;
                /** @description Onboarding integrations completed in the month. */
                newOnboardings: number;
            };
        };
        /** @description Monthly billing reports, newest month first. Not paginated. */
        BillingReportList: {
            reports: components["schemas"]["BillingReport"][];
        };
        /**
         * @description The raw report is a UTF-8 CSV file with a header row and one row per billed
         *     location: `reportMonth`, `partnerId`, `locationId`, `locationName`, `source`, `activeDays`,
         *     `newActivation`, `newOnboarding`.
         */
        BillingRawReportFile: string;
        /**
         * Format: binary
         * @description The invoice is returned as the PDF document itself.
         */
        BillingInvoiceFile: string;
    };
    responses: {
        /**
         * @description The bearer token is missing, malformed or expired. Get a new one from `POST /oauth/token`
         *     and retry.
         */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The bearer token is valid but lacks the scope this endpoint needs (`insufficient_scope`), or
         *     its client's organization does not reach the organization, onboarding or token named in the
         *     request (`organization_forbidden`).
         */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests from this client. Wait the number of seconds in `Retry-After`, then retry. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description Stream is briefly unable to answer (an overload or a deployment) and did nothing with the
         *     call. Wait the number of seconds in `Retry-After`, then send the same call again; it is safe
         *     to repeat, since nothing was processed.
         */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
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
         * @description Stream's id of the partner whose file to download.
         * @example ptr_01HZX0A1B2C3D4E5F6G7H8J9KM
         */
        BillingPartnerId: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Seconds to wait before sending the request again.
         * @example 30
         */
        RetryAfter: number;
    };
    pathItems: never;
}
export type PartnerTokenScope = components['schemas']['PartnerTokenScope'];
export type PartnerTokenScopes = components['schemas']['PartnerTokenScopes'];
export type PartnerToken = components['schemas']['PartnerToken'];
export type PartnerTokenList = components['schemas']['PartnerTokenList'];
export type Error = components['schemas']['Error'];
export type PartnerTokenCreateRequest = components['schemas']['PartnerTokenCreateRequest'];
export type PartnerTokenCreateResponse = components['schemas']['PartnerTokenCreateResponse'];
export type PartnerTokenRenameRequest = components['schemas']['PartnerTokenRenameRequest'];
export type OAuthTokenExpiry = components['schemas']['OAuthTokenExpiry'];
export type OAuthRequestedScopes = components['schemas']['OAuthRequestedScopes'];
export type OAuthClientCredentialsGrant = components['schemas']['OAuthClientCredentialsGrant'];
export type OAuthRefreshTokenGrant = components['schemas']['OAuthRefreshTokenGrant'];
export type OAuthTokenRequest = components['schemas']['OAuthTokenRequest'];
export type OAuthTokenResponse = components['schemas']['OAuthTokenResponse'];
export type E164PhoneNumber = components['schemas']['E164PhoneNumber'];
export type SsoRole = components['schemas']['SsoRole'];
export type SsoSessionRequest = components['schemas']['SsoSessionRequest'];
export type SsoSessionResponse = components['schemas']['SsoSessionResponse'];
export type OnboardingType = components['schemas']['OnboardingType'];
export type OnboardingIntegrationCreateRequest = components['schemas']['OnboardingIntegrationCreateRequest'];
export type OnboardingStatus = components['schemas']['OnboardingStatus'];
export type OnboardingIntegration = components['schemas']['OnboardingIntegration'];
export type OnboardingIntegrationCompleteRequest = components['schemas']['OnboardingIntegrationCompleteRequest'];
export type Address = components['schemas']['Address'];
export type OnboardingLocation = components['schemas']['OnboardingLocation'];
export type OnboardingLocationList = components['schemas']['OnboardingLocationList'];
export type LocationIngestRequest = components['schemas']['LocationIngestRequest'];
export type LocationIngestResponse = components['schemas']['LocationIngestResponse'];
export type LocationBindRequest = components['schemas']['LocationBindRequest'];
export type DspBindingStatus = components['schemas']['DspBindingStatus'];
export type LocationBindResponse = components['schemas']['LocationBindResponse'];
export type OrganizationCreateRequest = components['schemas']['OrganizationCreateRequest'];
export type OrganizationCreateResponse = components['schemas']['OrganizationCreateResponse'];
export type OrganizationLocationStatus = components['schemas']['OrganizationLocationStatus'];
export type OrganizationLocation = components['schemas']['OrganizationLocation'];
export type OrganizationLocationList = components['schemas']['OrganizationLocationList'];
export type BillingReport = components['schemas']['BillingReport'];
export type BillingReportList = components['schemas']['BillingReportList'];
export type BillingRawReportFile = components['schemas']['BillingRawReportFile'];
export type BillingInvoiceFile = components['schemas']['BillingInvoiceFile'];
export type ResponseUnauthorized = components['responses']['Unauthorized'];
export type ResponseForbidden = components['responses']['Forbidden'];
export type ResponseTooManyRequests = components['responses']['TooManyRequests'];
export type ResponseServiceUnavailable = components['responses']['ServiceUnavailable'];
export type ResponsePayloadTooLarge = components['responses']['PayloadTooLarge'];
export type ResponseUnsupportedMediaType = components['responses']['UnsupportedMediaType'];
export type ParameterBillingPartnerId = components['parameters']['BillingPartnerId'];
export type HeaderRetryAfter = components['headers']['RetryAfter'];
export type $defs = Record<string, never>;
export interface operations {
    listPartnerTokens: {
        parameters: {
            query: {
                /**
                 * @description The organization whose tokens to list.
                 * @example org_01HZX3K8J9Q2W7V5N4M6B1C0DE
                 */
                org_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's tokens. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerTokenList"];
                };
            };
            /** @description `org_id` is missing or empty. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No organization with this `org_id` is linked to your partner account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createPartnerToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PartnerTokenCreateRequest"];
            };
        };
        responses: {
            /** @description The token was created. Store `client_secret` now; it is never shown again. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerTokenCreateResponse"];
                };
            };
            /** @description The body is invalid, for example a missing field or an unknown scope. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No organization with this `org_id` is linked to your partner account. */
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
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    renamePartnerToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The `_id` of the partner token.
                 * @example tok_01HZX4A7PRT5M2C9V8D3E6F1GH
                 */
                token_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PartnerTokenRenameRequest"];
            };
        };
        responses: {
            /** @description The renamed token, without its secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PartnerToken"];
                };
            };
            /** @description `token_name` is missing or empty, or the body has unknown fields. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No partner token with this id belongs to your partner account. */
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
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deletePartnerToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The `_id` of the partner token.
                 * @example tok_01HZX4A7PRT5M2C9V8D3E6F1GH
                 */
                token_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token was deleted. No body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No partner token with this id belongs to your partner account (or it was already deleted). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    requestOAuthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OAuthTokenRequest"];
            };
        };
        responses: {
            /** @description A new access token and refresh token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthTokenResponse"];
                };
            };
            /**
             * @description The request is invalid (`invalid_request`: unknown `grant_type`, `exp` more than one hour
             *     after issue, missing or unexpected fields), or the refresh token is expired, used or
             *     unknown (`invalid_grant`).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `client_id` and `client_secret` do not match an active partner token (`invalid_client`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A requested scope is not held by the partner token (`insufficient_scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    generateSsoSession: {
        parameters: {
            query?: {
                /**
                 * @description Stream's id of the white-label partner the session is for. Needed only
                 *     when your credentials act for more than one white-label partner; otherwise Stream uses the
                 *     partner of your token.
                 * @example ptr_01HZX0A1B2C3D4E5F6G7H8J9KM
                 */
                partner_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SsoSessionRequest"];
            };
        };
        responses: {
            /** @description A one-time login token for the user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoSessionResponse"];
                };
            };
            /** @description The body is invalid, for example a phone number not in E.164, an invalid email or an unknown role. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /**
             * @description The bearer token lacks the `sso` scope (`insufficient_scope`), or its client's organization
             *     does not reach the organization named by `provider_org_id` (`organization_forbidden`).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No organization matches `provider_org_id` (or the user's existing organization), or `partner_id` is unknown. */
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
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createOnboardingIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OnboardingIntegrationCreateRequest"];
            };
        };
        responses: {
            /** @description The onboarding was created with status `pending`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingIntegration"];
                };
            };
            /**
             * @description The body is invalid, for example a missing field, an unknown `type` or a `return_url` that
             *     is not `https` (`invalid_request`); the `return_url` host is not registered for your partner
             *     account (`return_url_not_registered`); or the `source` is not agreed for it (`source_not_agreed`).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No organization with this `org_id` is linked to your partner account. */
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
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOnboardingIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The `_id` of the onboarding integration.
                 * @example onb_01HZX5C2D4E6F8G0H1J3K5M7NP
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The onboarding integration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingIntegration"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No onboarding integration with this id belongs to your partner account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    completeOnboardingIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The `_id` of the onboarding integration.
                 * @example onb_01HZX5C2D4E6F8G0H1J3K5M7NP
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OnboardingIntegrationCompleteRequest"];
            };
        };
        responses: {
            /** @description The onboarding, now `active`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingIntegration"];
                };
            };
            /**
             * @description `code` is missing (`invalid_request`), or the POS or DSP rejected it as invalid, expired or
             *     already used (`invalid_grant`). Send the merchant to `entry_url` again for a new code.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No onboarding integration with this id belongs to your partner account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The onboarding is already `active` or `deprovisioned`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeOnboardingIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The `_id` of the onboarding integration.
                 * @example onb_01HZX5C2D4E6F8G0H1J3K5M7NP
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The onboarding, now `deprovisioned`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingIntegration"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No onboarding integration with this id belongs to your partner account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The onboarding is already `deprovisioned`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listOnboardingLocations: {
        parameters: {
            query: {
                /**
                 * @description The `_id` of an `active` onboarding integration.
                 * @example onb_01HZX5C2D4E6F8G0H1J3K5M7NP
                 */
                onboarding_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The locations offered by the POS or DSP. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingLocationList"];
                };
            };
            /** @description `onboarding_id` is missing or empty. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No onboarding integration with this id belongs to your partner account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The onboarding is not `active`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    ingestOnboardingLocations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LocationIngestRequest"];
            };
        };
        responses: {
            /** @description The ingested locations with their Stream ids. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LocationIngestResponse"];
                };
            };
            /** @description The body is invalid, lists no location, or names a `provider_id` the POS or DSP does not offer. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No onboarding integration with this `onboarding_id` belongs to your partner account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The onboarding is not `active`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    bindOnboardingLocations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LocationBindRequest"];
            };
        };
        responses: {
            /** @description The bindings with their status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LocationBindResponse"];
                };
            };
            /**
             * @description The body is invalid, lists no binding, or names a `pos_location_id` outside the
             *     onboarding's organization (`invalid_request`); or `onboarding_id` names a `pos` onboarding
             *     (`invalid_onboarding_type`): DSP stores are bound with the DSP's own onboarding.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No onboarding integration with this `onboarding_id` belongs to your partner account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The onboarding is not `active`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationCreateRequest"];
            };
        };
        responses: {
            /** @description The organization and its first user were created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationCreateResponse"];
                };
            };
            /** @description The body is invalid, for example a missing field or an invalid email. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description An organization already exists for this `provider_id`; its `org_id` is in the message. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listOrganizationLocations: {
        parameters: {
            query?: {
                /**
                 * @description Stream's id of one location to return. The answer is still a list,
                 *     holding that location only, and an id outside the organization gets `404`.
                 * @example loc_01HZX6D3F5G7H9J1K3M5N7P9QR
                 */
                location_id?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The `org_id` of the organization.
                 * @example org_01HZX3K8J9Q2W7V5N4M6B1C0DE
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's locations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationLocationList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No organization with this id is linked to your partner account, or `location_id` is not one of its locations. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listBillingReports: {
        parameters: {
            query?: {
                /**
                 * @description Stream's id of the partner whose reports to list. When omitted, Stream
                 *     uses the partner of the bearer token if one is sent, and answers `400` otherwise.
                 * @example ptr_01HZX0A1B2C3D4E5F6G7H8J9KM
                 */
                partner_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The partner's monthly reports. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillingReportList"];
                };
            };
            /** @description No `partner_id` was given and none could be taken from a bearer token. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No partner with this `partner_id` exists. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getRawBillingReport: {
        parameters: {
            query: {
                /**
                 * @description The raw report to download, named `billing-<reportMonth>.csv` (see `reportMonth` in the billing report).
                 * @example billing-2025-05.csv
                 */
                file_name: string;
                /**
                 * @description Stream's id of the partner whose file to download.
                 * @example ptr_01HZX0A1B2C3D4E5F6G7H8J9KM
                 */
                partner_id: components["parameters"]["BillingPartnerId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The raw report as a CSV file. */
            200: {
                headers: {
                    /**
                     * @description Names the downloaded file.
                     * @example attachment; filename="billing-2025-05.csv"
                     */
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": components["schemas"]["BillingRawReportFile"];
                };
            };
            /** @description `file_name` or `partner_id` is missing or empty. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No file with this name exists for the partner. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBillingInvoice: {
        parameters: {
            query: {
                /**
                 * @description The invoice to download, named `invoice-<reportMonth>.pdf` (see `reportMonth` in the billing report).
                 * @example invoice-2025-05.pdf
                 */
                file_name: string;
                /**
                 * @description Stream's id of the partner whose file to download.
                 * @example ptr_01HZX0A1B2C3D4E5F6G7H8J9KM
                 */
                partner_id: components["parameters"]["BillingPartnerId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice as a PDF document. */
            200: {
                headers: {
                    /**
                     * @description Names the downloaded file.
                     * @example attachment; filename="invoice-2025-05.pdf"
                     */
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": components["schemas"]["BillingInvoiceFile"];
                };
            };
            /** @description `file_name` or `partner_id` is missing or empty. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No file with this name exists for the partner. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
