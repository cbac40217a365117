// JSON Schemas (OpenAPI 3.1, JSON Schema 2020-12) for the partner contract, generated from specs/partner/openapi.yaml by
// `npm run generate -w packages/contracts`. Do not edit by hand: change the spec and regenerate.
import type { SchemaDocument } from '../schema-document.js';

export const partnerDocument: SchemaDocument = {
  "info": {
    "title": "Stream Partner API",
    "version": "1.1.1"
  },
  "components": {
    "schemas": {
      "PartnerTokenScope": {
        "type": "string",
        "description": "What a token may do. Each endpoint needs one scope, as follows.\n\n- `user`: manage partner tokens (`/tokens`).\n- `onboarding`: onboarding integrations and their locations (`/onboarding/integrations`, `/onboarding/locations`).\n- `legacy_onboarding`: organization creation and organization locations (`/onboarding/org`); `onboarding` is accepted there too.\n- `sso`: white-label single sign-on (`/white-label/generate-session`).\n- `billing`: billing reports (`/billing/reports`); the billing endpoints declare no security requirement, so Stream does not check the scope there.\n",
        "enum": [
          "user",
          "onboarding",
          "legacy_onboarding",
          "sso",
          "billing"
        ]
      },
      "PartnerTokenScopes": {
        "type": "array",
        "description": "One or more scopes, each listed once.",
        "minItems": 1,
        "uniqueItems": true,
        "items": {
          "$ref": "#/components/schemas/PartnerTokenScope"
        }
      },
      "PartnerToken": {
        "type": "object",
        "description": "A named API credential of one organization. Exchange its `client_id` and `client_secret` for a\nbearer JWT at `POST /oauth/token`. A partner token is a client credential,\nnot a bearer token itself; the secret is returned only once, when the token is created.\n",
        "required": [
          "_id",
          "org_id",
          "token_name",
          "scopes",
          "client_id",
          "created_at"
        ],
        "properties": {
          "_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the token; the `token_id` of `/tokens/{token_id}`.",
            "examples": [
              "tok_01HZX4A7PRT5M2C9V8D3E6F1GH"
            ]
          },
          "org_id": {
            "type": "string",
            "minLength": 1,
            "description": "The organization the token acts for.",
            "examples": [
              "org_01HZX3K8J9Q2W7V5N4M6B1C0DE"
            ]
          },
          "token_name": {
            "type": "string",
            "minLength": 1,
            "description": "Your label for the token, shown in the Stream dashboard.",
            "examples": [
              "Production POS sync"
            ]
          },
          "scopes": {
            "$ref": "#/components/schemas/PartnerTokenScopes"
          },
          "client_id": {
            "type": "string",
            "minLength": 1,
            "description": "Send as `client_id` to `POST /oauth/token`.",
            "examples": [
              "cli_01HZX4A7PRT5M2C9V8D3E6F1GH"
            ]
          },
          "created_at": {
            "type": "string",
            "format": "date-time",
            "description": "`created_at` is when the token was created, an RFC 3339 date-time in UTC."
          }
        }
      },
      "PartnerTokenList": {
        "type": "object",
        "description": "The tokens of an organization, newest first, without their secrets. The\nlist is not paginated, since an organization holds a handful of tokens.\n",
        "required": [
          "tokens"
        ],
        "properties": {
          "tokens": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/PartnerToken"
            }
          }
        }
      },
      "Error": {
        "type": "object",
        "description": "Error body returned by the platform, and expected from partners, for any 4xx or 5xx\nresponse that has no more specific body. `code` is stable and safe to branch on;\n`message` is for humans and may change.\n",
        "required": [
          "code",
          "message"
        ],
        "properties": {
          "code": {
            "type": "string",
            "description": "Stable, machine-readable error code in snake_case.",
            "examples": [
              "invalid_request"
            ]
          },
          "message": {
            "type": "string",
            "description": "Human-readable explanation of what went wrong and how to fix it.",
            "examples": [
              "token_name is required."
            ]
          }
        },
        "additionalProperties": false
      },
      "PartnerTokenCreateRequest": {
        "type": "object",
        "description": "Creates a named token for an organization. All three fields are required,\nsince a token without an organization, a name or a scope cannot be used or told apart.\n",
        "required": [
          "org_id",
          "token_name",
          "scopes"
        ],
        "properties": {
          "org_id": {
            "type": "string",
            "minLength": 1,
            "description": "The organization the token acts for.",
            "examples": [
              "org_01HZX3K8J9Q2W7V5N4M6B1C0DE"
            ]
          },
          "token_name": {
            "type": "string",
            "minLength": 1,
            "description": "Your label for the token, shown in the Stream dashboard.",
            "examples": [
              "Production POS sync"
            ]
          },
          "scopes": {
            "$ref": "#/components/schemas/PartnerTokenScopes"
          }
        },
        "additionalProperties": false
      },
      "PartnerTokenCreateResponse": {
        "description": "The new token, with its secret. Store `client_secret` now; Stream never returns it again.",
        "allOf": [
          {
            "$ref": "#/components/schemas/PartnerToken"
          },
          {
            "type": "object",
            "required": [
              "client_secret"
            ],
            "properties": {
              "client_secret": {
                "type": "string",
                "minLength": 1,
                "description": "Send as `client_secret` to `POST /oauth/token`. Shown only in this response; keep it server-side.",
                "examples": [
                  "cs_live_9fK2mQ7xVb4Rt8LwZp3Hn6Yc"
                ]
              }
            }
          }
        ]
      },
      "PartnerTokenRenameRequest": {
        "type": "object",
        "description": "Renames a token. Its scopes, `client_id` and secret do not change.",
        "required": [
          "token_name"
        ],
        "properties": {
          "token_name": {
            "type": "string",
            "minLength": 1,
            "description": "The new label for the token.",
            "examples": [
              "POS sync (rotated June 2025)"
            ]
          }
        },
        "additionalProperties": false
      },
      "OAuthTokenExpiry": {
        "type": "integer",
        "minimum": 0,
        "description": "When the access token should expire, in seconds since the Unix epoch. It must be at most one\nhour (3600 seconds) after the time Stream issues the token; Stream answers `400` with\n`invalid_request` otherwise. This limit is relative to the issue time, so the schema cannot\ncheck it. Optional; when omitted, the token expires one hour after issue.\n",
        "examples": [
          1767229200
        ]
      },
      "OAuthRequestedScopes": {
        "description": "Scopes the access token should carry. Optional. With `client_credentials`, each must be one the\npartner token holds, and when omitted the access token gets all of them. With `refresh_token`,\neach must be one the refreshed token carries, and when omitted the new token keeps exactly the\nrefreshed token's scopes: a refresh can narrow a token, never widen it. A scope outside those\ngets `403` with `insufficient_scope`.\n",
        "allOf": [
          {
            "$ref": "#/components/schemas/PartnerTokenScopes"
          }
        ]
      },
      "OAuthClientCredentialsGrant": {
        "type": "object",
        "title": "Client credentials",
        "description": "Gets a new access token and refresh token for a partner token's client credentials.",
        "required": [
          "grant_type",
          "client_id",
          "client_secret"
        ],
        "properties": {
          "grant_type": {
            "type": "string",
            "const": "client_credentials"
          },
          "client_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `client_id` of one of your partner tokens.",
            "examples": [
              "cli_01HZX4A7PRT5M2C9V8D3E6F1GH"
            ]
          },
          "client_secret": {
            "type": "string",
            "minLength": 1,
            "description": "The `client_secret` returned when that partner token was created.",
            "examples": [
              "cs_live_9fK2mQ7xVb4Rt8LwZp3Hn6Yc"
            ]
          },
          "exp": {
            "$ref": "#/components/schemas/OAuthTokenExpiry"
          },
          "scopes": {
            "$ref": "#/components/schemas/OAuthRequestedScopes"
          }
        },
        "additionalProperties": false
      },
      "OAuthRefreshTokenGrant": {
        "type": "object",
        "title": "Refresh token",
        "description": "Gets a new access token (and a new refresh token) before the current access token expires.",
        "required": [
          "grant_type",
          "client_id",
          "client_secret",
          "refresh_token"
        ],
        "properties": {
          "grant_type": {
            "type": "string",
            "const": "refresh_token"
          },
          "client_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `client_id` of one of your partner tokens.",
            "examples": [
              "cli_01HZX4A7PRT5M2C9V8D3E6F1GH"
            ]
          },
          "client_secret": {
            "type": "string",
            "minLength": 1,
            "description": "The `client_secret` returned when that partner token was created.",
            "examples": [
              "cs_live_9fK2mQ7xVb4Rt8LwZp3Hn6Yc"
            ]
          },
          "exp": {
            "$ref": "#/components/schemas/OAuthTokenExpiry"
          },
          "scopes": {
            "$ref": "#/components/schemas/OAuthRequestedScopes"
          },
          "refresh_token": {
            "type": "string",
            "minLength": 1,
            "description": "The `refresh_token` from the last token response. Single use; the response carries a new one.",
            "examples": [
              "rt_01HZX7QW3E5R7T9Y1U3I5O7P9A.k2Lx8vQm"
            ]
          }
        },
        "additionalProperties": false
      },
      "OAuthTokenRequest": {
        "description": "A client-credentials grant or a refresh grant, told apart by `grant_type`. `refresh_token` is\nrequired for a refresh grant and not allowed for a client-credentials grant. The body is `application/json`, and `client_id` and `client_secret` are required for both\ngrants so a stolen refresh token alone cannot mint access tokens.\n",
        "oneOf": [
          {
            "$ref": "#/components/schemas/OAuthClientCredentialsGrant"
          },
          {
            "$ref": "#/components/schemas/OAuthRefreshTokenGrant"
          }
        ],
        "discriminator": {
          "propertyName": "grant_type",
          "mapping": {
            "client_credentials": "#/components/schemas/OAuthClientCredentialsGrant",
            "refresh_token": "#/components/schemas/OAuthRefreshTokenGrant"
          }
        }
      },
      "OAuthTokenResponse": {
        "type": "object",
        "description": "A bearer access token and the refresh token that renews it. Every field is\nalways present.\n",
        "required": [
          "access_token",
          "token_type",
          "refresh_token",
          "expires_in",
          "refresh_token_expires_in",
          "scopes"
        ],
        "properties": {
          "access_token": {
            "type": "string",
            "minLength": 1,
            "description": "A JWT to send as `Authorization: Bearer <access_token>`."
          },
          "token_type": {
            "type": "string",
            "const": "bearer",
            "description": "Always `bearer`."
          },
          "refresh_token": {
            "type": "string",
            "minLength": 1,
            "description": "Send with `grant_type=refresh_token` to get a new access token. Single use."
          },
          "expires_in": {
            "type": "integer",
            "minimum": 1,
            "maximum": 3600,
            "description": "Seconds until the access token expires (not a timestamp). At most one hour.",
            "examples": [
              3600
            ]
          },
          "refresh_token_expires_in": {
            "type": "integer",
            "minimum": 1,
            "description": "Seconds until the refresh token expires (not a timestamp).",
            "examples": [
              2592000
            ]
          },
          "scopes": {
            "allOf": [
              {
                "$ref": "#/components/schemas/PartnerTokenScopes"
              }
            ],
            "description": "The scopes the access token carries."
          }
        }
      },
      "E164PhoneNumber": {
        "type": "string",
        "description": "Phone number in E.164 format, a plus sign followed by up to 15 digits, country code first.",
        "pattern": "^\\+[1-9][0-9]{1,14}$",
        "examples": [
          "+14155550123"
        ]
      },
      "SsoRole": {
        "type": "string",
        "description": "The Stream role of a user signed in with single sign-on: `owner`, `admin`, `manager`,\n`team_member`, or `custom` (a role the organization defined itself in Stream).\n",
        "enum": [
          "owner",
          "admin",
          "manager",
          "team_member",
          "custom"
        ]
      },
      "SsoSessionRequest": {
        "type": "object",
        "description": "The merchant user to sign in. Stream finds the user by `email`, or creates them, and returns a\none-time login token.\n",
        "required": [
          "email",
          "full_name",
          "phone_number"
        ],
        "properties": {
          "email": {
            "type": "string",
            "format": "email",
            "description": "The user's email address; identifies the user in Stream.",
            "examples": [
              "maria.lopez@tacoloco.example"
            ]
          },
          "full_name": {
            "type": "string",
            "minLength": 1,
            "description": "The user's first and last name as shown in Stream.",
            "examples": [
              "Maria Lopez"
            ]
          },
          "phone_number": {
            "$ref": "#/components/schemas/E164PhoneNumber"
          },
          "role": {
            "allOf": [
              {
                "$ref": "#/components/schemas/SsoRole"
              }
            ],
            "description": "The user's role in the organization. Optional; a user created without a\nrole gets `team_member`, the least-privileged fixed role, and an existing user keeps their role.\n"
          },
          "provider_org_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id of the merchant organization the user signs in to. Optional;\nwhen omitted, Stream signs the user in to the organization they already belong to, and\nanswers `404` if there is none.\n",
            "examples": [
              "taco-loco-group-4471"
            ]
          }
        },
        "additionalProperties": false
      },
      "SsoSessionResponse": {
        "type": "object",
        "description": "A login token for the user. It is single use and valid for 60 seconds;\nredirect the user's browser at once to `https://app.stream.example/sso/login?sso_login_token=<token>`\n(the sandbox host is `https://app.sandbox.stream.example`) rather than storing it. Stream signs\nthe user in and opens the organization named by `provider_org_id`.\n",
        "required": [
          "sso_login_token"
        ],
        "properties": {
          "sso_login_token": {
            "type": "string",
            "minLength": 1,
            "description": "One-time token that signs the user in to Stream.",
            "examples": [
              "sso_7c1f3e9a2b4d4e8f9a0b1c2d3e4f5a6b"
            ]
          }
        }
      },
      "OnboardingType": {
        "type": "string",
        "description": "Whether the merchant organization is being connected to a POS (`pos`) or to a DSP (`dsp`).",
        "enum": [
          "pos",
          "dsp"
        ]
      },
      "OnboardingIntegrationCreateRequest": {
        "type": "object",
        "description": "Starts connecting a merchant organization to a POS or DSP. Every field is required.",
        "required": [
          "org_id",
          "source",
          "type",
          "return_url"
        ],
        "properties": {
          "org_id": {
            "type": "string",
            "minLength": 1,
            "description": "The Stream organization to connect.",
            "examples": [
              "org_01HZX3K8J9Q2W7V5N4M6B1C0DE"
            ]
          },
          "source": {
            "type": "string",
            "minLength": 1,
            "description": "The slug of the POS or DSP to connect. It must be a source agreed with Stream for your\npartner account; another gets `400` with `source_not_agreed`.\n",
            "examples": [
              "example-pos"
            ]
          },
          "type": {
            "$ref": "#/components/schemas/OnboardingType"
          },
          "return_url": {
            "type": "string",
            "format": "uri",
            "pattern": "^https://",
            "description": "Where Stream sends the merchant when the OAuth flow ends: with `code` appended as a query\nparameter when the merchant approved, or with `error=access_denied` and no `code` when\nthe merchant refused. After a refusal the onboarding stays `waiting_for_oauth`: send the\nmerchant to `entry_url` again, or revoke the onboarding. It must be an `https` URL on a\nhost registered for your partner account; another host gets `400` with\n`return_url_not_registered`.\n",
            "examples": [
              "https://app.examplepos.example/stream/onboarding/callback"
            ]
          }
        },
        "additionalProperties": false
      },
      "OnboardingStatus": {
        "type": "string",
        "description": "Where an onboarding integration stands.\n\n- `pending`: created; the merchant has not started the OAuth flow yet.\n- `waiting_for_oauth`: the merchant opened `entry_url`; Stream waits for the OAuth code.\n- `active`: completed with the OAuth code (`PUT /onboarding/integrations/{id}`).\n- `deprovisioned`: revoked (`DELETE /onboarding/integrations/{id}`). Final.\n\nA new integration starts as `pending` and moves to `waiting_for_oauth` when\nthe merchant opens `entry_url`; completion is accepted from either state. Other transitions are\nnot specified; treat unknown moves as possible.\n",
        "enum": [
          "pending",
          "waiting_for_oauth",
          "active",
          "deprovisioned"
        ]
      },
      "OnboardingIntegration": {
        "type": "object",
        "description": "The connection of one merchant organization to a POS or DSP, made through an OAuth flow.\n`merchant_id`, `partner_org_id` and `integration_id` are present only once\nknown (after the OAuth flow completes); every other field is always present.\n",
        "required": [
          "_id",
          "org_id",
          "type",
          "status",
          "partner_id",
          "source",
          "entry_url",
          "return_url"
        ],
        "properties": {
          "_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the onboarding; the `id` of `/onboarding/integrations/{id}` and the `onboarding_id` of the location calls.",
            "examples": [
              "onb_01HZX5C2D4E6F8G0H1J3K5M7NP"
            ]
          },
          "org_id": {
            "type": "string",
            "minLength": 1,
            "description": "The Stream organization being connected.",
            "examples": [
              "org_01HZX3K8J9Q2W7V5N4M6B1C0DE"
            ]
          },
          "merchant_id": {
            "type": "string",
            "minLength": 1,
            "description": "The merchant's account id at the connected POS or DSP, once the OAuth flow has completed.",
            "examples": [
              "mer_5521907"
            ]
          },
          "type": {
            "$ref": "#/components/schemas/OnboardingType"
          },
          "status": {
            "$ref": "#/components/schemas/OnboardingStatus"
          },
          "partner_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the partner that created the onboarding (you).",
            "examples": [
              "ptr_01HZX0A1B2C3D4E5F6G7H8J9KM"
            ]
          },
          "partner_org_id": {
            "type": "string",
            "minLength": 1,
            "description": "The connected POS or DSP's id of the merchant organization, once the OAuth flow has completed.",
            "examples": [
              "acct_88310"
            ]
          },
          "source": {
            "type": "string",
            "minLength": 1,
            "description": "The slug of the POS or DSP being connected, as given when the onboarding was created.",
            "examples": [
              "example-pos"
            ]
          },
          "entry_url": {
            "type": "string",
            "format": "uri",
            "description": "Send the merchant's browser here to start the OAuth flow."
          },
          "return_url": {
            "type": "string",
            "format": "uri",
            "description": "Where the merchant lands when the OAuth flow ends: with `code` as a query parameter when\nthe merchant approved, or with `error=access_denied` and no `code` when the merchant\nrefused (the onboarding then stays `waiting_for_oauth`).\n"
          },
          "integration_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the POS or DSP integration created when the onboarding became `active`.",
            "examples": [
              "int_01HZX8R4S6T8V0W2X4Y6Z8A0BC"
            ]
          }
        }
      },
      "OnboardingIntegrationCompleteRequest": {
        "type": "object",
        "description": "Completes the OAuth flow of an onboarding with the code the merchant brought back to your `return_url`.",
        "required": [
          "code"
        ],
        "properties": {
          "code": {
            "type": "string",
            "minLength": 1,
            "description": "The OAuth authorization code from the `code` query parameter on your `return_url`. Single use.",
            "examples": [
              "ac_4Jd9QeX2mT7pLk8Rz3Vw"
            ]
          }
        },
        "additionalProperties": false
      },
      "Address": {
        "type": "object",
        "description": "A postal address: where a location is, or where an order is delivered. The partner, POS and\nevents APIs share this one shape (the DSP's location address is a different, DSP-only shape).\nOnly `address_line_1` is required.\n\nThe shape is closed (`additionalProperties: false`) in every API that uses\nit, so the one shared address stays exact; a new address field is added to all of them at\nonce.\n",
        "required": [
          "address_line_1"
        ],
        "properties": {
          "formatted_address": {
            "type": "string",
            "minLength": 1,
            "description": "The whole address on one line, as it would be printed.",
            "examples": [
              "1600 Mission St, Suite 200, San Francisco, CA 94103, US"
            ]
          },
          "address_line_1": {
            "type": "string",
            "minLength": 1,
            "description": "Street number and name.",
            "examples": [
              "1600 Mission St"
            ]
          },
          "address_line_2": {
            "type": "string",
            "description": "Suite, unit, apartment or floor.",
            "examples": [
              "Suite 200"
            ]
          },
          "address_line_3": {
            "type": "string",
            "description": "Any further address detail."
          },
          "postal_code": {
            "type": "string",
            "description": "Postal or ZIP code.",
            "examples": [
              "94103"
            ]
          },
          "locality": {
            "type": "string",
            "description": "City or town.",
            "examples": [
              "San Francisco"
            ]
          },
          "administrative_district_level_1": {
            "type": "string",
            "pattern": "^[A-Z0-9]{1,3}$",
            "description": "State, province or region, as the subdivision part of its ISO 3166-2 code (`CA` for\nCalifornia, `NY` for New York, `NSW` for New South Wales). The country\nprefix (`US-`) is left out, since `country` carries it.\n",
            "examples": [
              "CA"
            ]
          },
          "country": {
            "type": "string",
            "pattern": "^[A-Z]{2}$",
            "description": "ISO 3166-1 alpha-2 country code, upper case (`US`).",
            "examples": [
              "US"
            ]
          },
          "latitude": {
            "type": "number",
            "minimum": -90,
            "maximum": 90,
            "description": "Degrees north of the equator (WGS 84); negative for south.",
            "examples": [
              37.7687
            ]
          },
          "longitude": {
            "type": "number",
            "minimum": -180,
            "maximum": 180,
            "description": "Degrees east of Greenwich (WGS 84); negative for west.",
            "examples": [
              -122.4156
            ]
          }
        },
        "additionalProperties": false
      },
      "OnboardingLocation": {
        "type": "object",
        "description": "A location the connected POS or DSP offers for this onboarding, not yet necessarily in Stream.\n`provider_id`, `name` and `source` are always present; `address` only when\nthe provider has one.\n",
        "required": [
          "provider_id",
          "name",
          "source"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "The provider's id of the location. Pass it to `POST /onboarding/locations/ingest`.",
            "examples": [
              "LOC-0042"
            ]
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "description": "The location's name at the provider.",
            "examples": [
              "Taco Loco Mission"
            ]
          },
          "address": {
            "$ref": "#/components/schemas/Address"
          },
          "source": {
            "type": "string",
            "minLength": 1,
            "description": "The slug of the POS or DSP that offers the location.",
            "examples": [
              "example-pos"
            ]
          }
        }
      },
      "OnboardingLocationList": {
        "type": "object",
        "description": "The locations offered for an onboarding. Lists are wrapped in an object and\nnot paginated.\n",
        "required": [
          "locations"
        ],
        "properties": {
          "locations": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/OnboardingLocation"
            }
          }
        }
      },
      "LocationIngestRequest": {
        "type": "object",
        "description": "Imports locations offered by an `active` onboarding into Stream. All fields\nare required, at least one location is listed, each `provider_id` once.\n",
        "required": [
          "onboarding_id",
          "locations"
        ],
        "properties": {
          "onboarding_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `_id` of an `active` onboarding integration.",
            "examples": [
              "onb_01HZX5C2D4E6F8G0H1J3K5M7NP"
            ]
          },
          "locations": {
            "type": "array",
            "minItems": 1,
            "uniqueItems": true,
            "items": {
              "type": "object",
              "required": [
                "provider_id"
              ],
              "properties": {
                "provider_id": {
                  "type": "string",
                  "minLength": 1,
                  "description": "A `provider_id` from `GET /onboarding/locations`.",
                  "examples": [
                    "LOC-0042"
                  ]
                }
              },
              "additionalProperties": false
            }
          }
        },
        "additionalProperties": false
      },
      "LocationIngestResponse": {
        "type": "object",
        "description": "The ingested locations with the ids Stream gave them. Ingesting is idempotent;\ningesting a `provider_id` again returns the same `_id`.\n",
        "required": [
          "locations"
        ],
        "properties": {
          "locations": {
            "type": "array",
            "items": {
              "type": "object",
              "required": [
                "_id",
                "provider_id"
              ],
              "properties": {
                "_id": {
                  "type": "string",
                  "minLength": 1,
                  "description": "Stream's id of the location. Use it as `pos_location_id` when binding DSP stores.",
                  "examples": [
                    "loc_01HZX6D3F5G7H9J1K3M5N7P9QR"
                  ]
                },
                "provider_id": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The provider's id of the location, as sent.",
                  "examples": [
                    "LOC-0042"
                  ]
                }
              }
            }
          }
        }
      },
      "LocationBindRequest": {
        "type": "object",
        "description": "Binds DSP stores to Stream locations for an `active` onboarding. Every field\nis required and at least one binding is listed.\n",
        "required": [
          "onboarding_id",
          "locations"
        ],
        "properties": {
          "onboarding_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `_id` of an `active` onboarding integration of `type` `dsp`, for the DSP whose stores are bound.",
            "examples": [
              "onb_01HZX5C2D4E6F8G0H1J3K5M7NP"
            ]
          },
          "locations": {
            "type": "array",
            "minItems": 1,
            "uniqueItems": true,
            "items": {
              "type": "object",
              "required": [
                "pos_location_id",
                "dsp_provider_id",
                "dsp_store_name"
              ],
              "properties": {
                "pos_location_id": {
                  "type": "string",
                  "minLength": 1,
                  "description": "Stream's id of the location (the `_id` returned by ingest) whose orders the DSP store takes.",
                  "examples": [
                    "loc_01HZX6D3F5G7H9J1K3M5N7P9QR"
                  ]
                },
                "dsp_provider_id": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The DSP's id of the store.",
                  "examples": [
                    "dd-store-311874"
                  ]
                },
                "dsp_store_name": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The store's name at the DSP.",
                  "examples": [
                    "Taco Loco (Mission St)"
                  ]
                }
              },
              "additionalProperties": false
            }
          }
        },
        "additionalProperties": false
      },
      "DspBindingStatus": {
        "type": "string",
        "description": "Where the binding of a DSP store to a Stream location stands. Values are case-sensitive;\n`APPROVED` is upper case.\n\n- `APPROVED`: the DSP store receives orders for the location.\n- `pending`: the DSP has not approved the binding yet.\n- `needs_reconnection`: the DSP connection broke; the merchant must reconnect.\n- `waiting_for_deprovision`: removal was requested and is in progress.\n- `deprovisioned`: removed.\n",
        "enum": [
          "APPROVED",
          "pending",
          "needs_reconnection",
          "waiting_for_deprovision",
          "deprovisioned"
        ]
      },
      "LocationBindResponse": {
        "type": "object",
        "description": "The bindings as sent, each with its binding status.",
        "required": [
          "locations"
        ],
        "properties": {
          "locations": {
            "type": "array",
            "items": {
              "type": "object",
              "required": [
                "pos_location_id",
                "dsp_provider_id",
                "dsp_store_name",
                "status"
              ],
              "properties": {
                "pos_location_id": {
                  "type": "string",
                  "minLength": 1,
                  "description": "Stream's id of the location.",
                  "examples": [
                    "loc_01HZX6D3F5G7H9J1K3M5N7P9QR"
                  ]
                },
                "dsp_provider_id": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The DSP's id of the store.",
                  "examples": [
                    "dd-store-311874"
                  ]
                },
                "dsp_store_name": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The store's name at the DSP.",
                  "examples": [
                    "Taco Loco (Mission St)"
                  ]
                },
                "status": {
                  "$ref": "#/components/schemas/DspBindingStatus"
                }
              }
            }
          }
        }
      },
      "OrganizationCreateRequest": {
        "type": "object",
        "description": "Creates a merchant organization in Stream with its first user, who becomes its owner.\nEvery field is required, since Stream cannot invite an owner without an\nemail and a name, and `provider_id` is what stops the same organization being created twice.\n",
        "required": [
          "name",
          "provider_id",
          "user"
        ],
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "description": "The organization's name as shown in Stream.",
            "examples": [
              "Taco Loco Group"
            ]
          },
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id of the organization. Unique per partner; a second create with the same value gets `409`.",
            "examples": [
              "taco-loco-group-4471"
            ]
          },
          "user": {
            "type": "object",
            "description": "The organization's first user, invited by email as its owner.",
            "required": [
              "email",
              "first_name",
              "last_name"
            ],
            "properties": {
              "email": {
                "type": "string",
                "format": "email",
                "examples": [
                  "maria.lopez@tacoloco.example"
                ]
              },
              "first_name": {
                "type": "string",
                "minLength": 1,
                "examples": [
                  "Maria"
                ]
              },
              "last_name": {
                "type": "string",
                "minLength": 1,
                "examples": [
                  "Lopez"
                ]
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "OrganizationCreateResponse": {
        "type": "object",
        "description": "The ids of the new organization and of its first user.",
        "required": [
          "org_id",
          "user_id"
        ],
        "properties": {
          "org_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the organization.",
            "examples": [
              "org_01HZX3K8J9Q2W7V5N4M6B1C0DE"
            ]
          },
          "user_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the organization's first user.",
            "examples": [
              "usr_01HZX3K9B2C4D6E8F0G1H3J5KM"
            ]
          }
        }
      },
      "OrganizationLocationStatus": {
        "type": "string",
        "description": "Where a location of an organization stands: `active` (taking orders through Stream), `pending`\n(being set up), `waiting_for_deprovision` (removal requested and in progress) or\n`deprovisioned` (removed).\n",
        "enum": [
          "active",
          "pending",
          "waiting_for_deprovision",
          "deprovisioned"
        ]
      },
      "OrganizationLocation": {
        "type": "object",
        "description": "A location of an organization with the DSP stores bound to it. `_id`, `name`,\n`source`, `status` and `dsps` are always present (`dsps` may be empty); `address` only when known.\n",
        "required": [
          "_id",
          "name",
          "source",
          "status",
          "dsps"
        ],
        "properties": {
          "_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the location.",
            "examples": [
              "loc_01HZX6D3F5G7H9J1K3M5N7P9QR"
            ]
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "description": "The location's name.",
            "examples": [
              "Taco Loco Mission"
            ]
          },
          "source": {
            "type": "string",
            "minLength": 1,
            "description": "The slug of the POS the location came from.",
            "examples": [
              "example-pos"
            ]
          },
          "status": {
            "$ref": "#/components/schemas/OrganizationLocationStatus"
          },
          "address": {
            "$ref": "#/components/schemas/Address"
          },
          "dsps": {
            "type": "array",
            "description": "The DSP stores bound to the location.",
            "items": {
              "type": "object",
              "required": [
                "_id",
                "name",
                "source",
                "status"
              ],
              "properties": {
                "_id": {
                  "type": "string",
                  "minLength": 1,
                  "description": "Stream's id of the binding.",
                  "examples": [
                    "dsb_01HZX9T5V7W9X1Y3Z5A7B9C1DE"
                  ]
                },
                "name": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The store's name at the DSP.",
                  "examples": [
                    "Taco Loco (Mission St)"
                  ]
                },
                "source": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The DSP's slug.",
                  "examples": [
                    "doordash"
                  ]
                },
                "status": {
                  "$ref": "#/components/schemas/DspBindingStatus"
                },
                "change_time": {
                  "type": "string",
                  "format": "date-time",
                  "description": "When `status` last changed. An RFC 3339 date-time in UTC, absent\nuntil the status first changes.\n"
                }
              }
            }
          }
        }
      },
      "OrganizationLocationList": {
        "type": "object",
        "description": "The locations of an organization, or the one asked for with `location_id`. Not paginated.\n",
        "required": [
          "locations"
        ],
        "properties": {
          "locations": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/OrganizationLocation"
            }
          }
        }
      },
      "BillingReport": {
        "type": "object",
        "description": "One month of billing for a partner. Field names are camelCase, as published. Every field is always present.\n",
        "required": [
          "reportMonth",
          "partnerId",
          "locations",
          "metrics"
        ],
        "properties": {
          "reportMonth": {
            "type": "string",
            "pattern": "^[0-9]{4}-(0[1-9]|1[0-2])$",
            "description": "The month reported on. Formatted `YYYY-MM`; the raw report and the invoice\nof the month are named `billing-<reportMonth>.csv` and `invoice-<reportMonth>.pdf`.\n",
            "examples": [
              "2025-05"
            ]
          },
          "partnerId": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the partner billed.",
            "examples": [
              "ptr_01HZX0A1B2C3D4E5F6G7H8J9KM"
            ]
          },
          "locations": {
            "type": "array",
            "description": "Stream's ids of the locations billed in the month, each listed once.\n",
            "uniqueItems": true,
            "items": {
              "type": "string",
              "minLength": 1
            }
          },
          "metrics": {
            "type": "object",
            "description": "The month's counts, all whole numbers.",
            "required": [
              "activeLocations",
              "newActivations",
              "newOnboardings"
            ],
            "properties": {
              "activeLocations": {
                "type": "integer",
                "minimum": 0,
                "description": "Locations active at any time in the month."
              },
              "newActivations": {
                "type": "integer",
                "minimum": 0,
                "description": "Locations that became active for the first time in the month."
              },
              "newOnboardings": {
                "type": "integer",
                "minimum": 0,
                "description": "Onboarding integrations completed in the month."
              }
            }
          }
        }
      },
      "BillingReportList": {
        "type": "object",
        "description": "Monthly billing reports, newest month first. Not paginated.",
        "required": [
          "reports"
        ],
        "properties": {
          "reports": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/BillingReport"
            }
          }
        }
      },
      "BillingRawReportFile": {
        "type": "string",
        "contentMediaType": "text/csv",
        "description": "The raw report is a UTF-8 CSV file with a header row and one row per billed\nlocation: `reportMonth`, `partnerId`, `locationId`, `locationName`, `source`, `activeDays`,\n`newActivation`, `newOnboarding`.\n"
      },
      "BillingInvoiceFile": {
        "type": "string",
        "format": "binary",
        "contentMediaType": "application/pdf",
        "description": "The invoice is returned as the PDF document itself."
      }
    }
  }
};
