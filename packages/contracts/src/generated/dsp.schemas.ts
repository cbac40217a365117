// JSON Schemas (OpenAPI 3.1, JSON Schema 2020-12) for the dsp contract, generated from specs/dsp/openapi.yaml by
// `npm run generate -w packages/contracts`. Do not edit by hand: change the spec and regenerate.
import type { SchemaDocument } from '../schema-document.js';

export const dspDocument: SchemaDocument = {
  "info": {
    "title": "Stream DSP API",
    "version": "1.7.0"
  },
  "components": {
    "schemas": {
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
      "AuthorizationCodeGrantRequest": {
        "type": "object",
        "description": "Sent by Stream to exchange the one-time authorization code from your authorize endpoint\nfor tokens. The body is `application/json`.\n",
        "required": [
          "grant_type",
          "client_id",
          "client_secret",
          "code"
        ],
        "properties": {
          "grant_type": {
            "type": "string",
            "const": "authorization_code"
          },
          "client_id": {
            "type": "string",
            "minLength": 1,
            "description": "The client id you issued to Stream."
          },
          "client_secret": {
            "type": "string",
            "minLength": 1,
            "description": "The client secret you issued to Stream. Compare it in constant time."
          },
          "code": {
            "type": "string",
            "minLength": 1,
            "description": "The code your authorize endpoint appended to the redirect. Single use; reject a reused code with `401`."
          }
        },
        "additionalProperties": false
      },
      "RefreshTokenGrantRequest": {
        "type": "object",
        "description": "Sent by Stream to get a new access token before the current one expires. `grant_type` is required so one endpoint can tell an exchange from a refresh.\n",
        "required": [
          "grant_type",
          "refresh_token"
        ],
        "properties": {
          "grant_type": {
            "type": "string",
            "const": "refresh_token"
          },
          "refresh_token": {
            "type": "string",
            "minLength": 1,
            "description": "The refresh token you returned from the last exchange or refresh."
          }
        },
        "additionalProperties": false
      },
      "TokenExchangeRequest": {
        "description": "An authorization-code exchange or a refresh, told apart by `grant_type`.",
        "oneOf": [
          {
            "$ref": "#/components/schemas/AuthorizationCodeGrantRequest"
          },
          {
            "$ref": "#/components/schemas/RefreshTokenGrantRequest"
          }
        ],
        "discriminator": {
          "propertyName": "grant_type",
          "mapping": {
            "authorization_code": "#/components/schemas/AuthorizationCodeGrantRequest",
            "refresh_token": "#/components/schemas/RefreshTokenGrantRequest"
          }
        }
      },
      "TokenExchangeResponse": {
        "type": "object",
        "description": "Tokens you issue to Stream. Stream refreshes before `expire_time` and stores the new pair.",
        "required": [
          "access_token",
          "refresh_token",
          "expire_time",
          "refresh_token_expire_time",
          "id"
        ],
        "properties": {
          "access_token": {
            "type": "string",
            "minLength": 1,
            "description": "Bearer token Stream sends in `Authorization` on every call to your API."
          },
          "refresh_token": {
            "type": "string",
            "minLength": 1,
            "description": "Token Stream sends to your token endpoint to get a new access token."
          },
          "expire_time": {
            "type": "integer",
            "minimum": 0,
            "description": "When the access token expires, in milliseconds since the Unix epoch (not seconds).",
            "examples": [
              1767225600000
            ]
          },
          "refresh_token_expire_time": {
            "type": "integer",
            "minimum": 0,
            "description": "When the refresh token expires, in milliseconds since the Unix epoch.",
            "examples": [
              1769817600000
            ]
          },
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "Your stable id for the merchant account that authorized Stream. Stream\nstores it to match later calls to the same merchant.\n"
          }
        },
        "additionalProperties": false
      },
      "Address": {
        "type": "object",
        "description": "A street address: where a location is, or where an order is delivered. `address_line_1`, `city` and `country` are required, and `country` is an ISO 3166-1\nalpha-2 code.\n",
        "required": [
          "address_line_1",
          "city",
          "country"
        ],
        "properties": {
          "address_line_1": {
            "type": "string",
            "minLength": 1,
            "examples": [
              "350 5th Ave"
            ]
          },
          "address_line_2": {
            "type": "string",
            "description": "Apartment, suite, floor or building.",
            "examples": [
              "Suite 1200"
            ]
          },
          "city": {
            "type": "string",
            "minLength": 1,
            "examples": [
              "New York"
            ]
          },
          "state": {
            "type": "string",
            "description": "State, province or region, as the local postal service writes it (`NY`).",
            "examples": [
              "NY"
            ]
          },
          "postal_code": {
            "type": "string",
            "examples": [
              "10118"
            ]
          },
          "country": {
            "type": "string",
            "pattern": "^[A-Z]{2}$",
            "description": "ISO 3166-1 alpha-2 country code, upper case.",
            "examples": [
              "US"
            ]
          }
        },
        "additionalProperties": false
      },
      "Location": {
        "type": "object",
        "description": "A store on the DSP that the merchant who authorised Stream can connect.",
        "required": [
          "provider_id",
          "name",
          "address"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "The DSP's id for the location. Stream sends it back as `location_id` everywhere.",
            "examples": [
              "store-0042"
            ]
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "description": "Store name as customers see it on the DSP.",
            "examples": [
              "Stackhouse Burgers (Midtown)"
            ]
          },
          "address": {
            "$ref": "#/components/schemas/Address"
          }
        },
        "additionalProperties": false
      },
      "LocationList": {
        "type": "object",
        "description": "The answer to `GET /stream-dsp/v1/locations` is an object with every\nlocation the access token's merchant can connect, unpaginated, so the list can grow\nfields later.\n",
        "required": [
          "locations"
        ],
        "properties": {
          "locations": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Location"
            }
          }
        },
        "additionalProperties": false
      },
      "LocationId": {
        "type": "string",
        "minLength": 1,
        "description": "The location, by the `provider_id` your `GET /stream-dsp/v1/locations` returned for it.\nEvery `location_id` in this API is the DSP's `provider_id`, in both\ndirections, so neither side has to map ids.\n",
        "examples": [
          "store-0042"
        ]
      },
      "Connection": {
        "type": "object",
        "description": "Whether a location is connected to Stream, so its orders and menu flow through Stream.",
        "required": [
          "location_id",
          "connected"
        ],
        "properties": {
          "location_id": {
            "type": "string",
            "minLength": 1,
            "description": "The location the call named: the `location_id` Stream sent (in the body of a connect, in the\nquery of a read or a disconnect), the `provider_id` your `GET /stream-dsp/v1/locations`\nreturned for it, never an id of your own.\n",
            "examples": [
              "store-0042"
            ]
          },
          "connected": {
            "type": "boolean",
            "description": "`true` while the location is connected to Stream."
          }
        },
        "additionalProperties": false
      },
      "ConnectLocationRequest": {
        "type": "object",
        "description": "Names the location Stream wants to connect.",
        "required": [
          "location_id"
        ],
        "properties": {
          "location_id": {
            "$ref": "#/components/schemas/LocationId"
          }
        },
        "additionalProperties": false
      },
      "EventId": {
        "type": "string",
        "minLength": 1,
        "maxLength": 128,
        "description": "Unique id of the event, chosen by the sender. A retry of the same event carries the same\n`event_id`, so the receiver drops an `event_id` it has already processed (and still answers\nwith success).\n",
        "examples": [
          "evt_01JH3Q7V8K2M5N6P7R8S9T0V1W"
        ]
      },
      "EpochMillis": {
        "type": "integer",
        "minimum": 0,
        "description": "A point in time, in milliseconds since the Unix epoch (UTC).",
        "examples": [
          1767282300000
        ]
      },
      "OrderAcceptEvent": {
        "type": "object",
        "description": "The store's POS accepted the order. Stream sends it once the POS has the order.\n",
        "required": [
          "event_id",
          "type",
          "location_id",
          "occurred_at_ms",
          "data"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "location.order.accept"
          },
          "location_id": {
            "$ref": "#/components/schemas/LocationId"
          },
          "occurred_at_ms": {
            "$ref": "#/components/schemas/EpochMillis"
          },
          "data": {
            "type": "object",
            "required": [
              "order_id"
            ],
            "properties": {
              "order_id": {
                "type": "string",
                "minLength": 1,
                "description": "The `id` of the order, as the DSP sent it in `new_order`.",
                "examples": [
                  "ord_8c1f2a9e"
                ]
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "FailureReason": {
        "type": "string",
        "description": "Why Stream could not place an order on the POS:\n`restaurant_not_accepting_orders` (the store is closed or paused),\n`location_not_found` (no connected location has this `location_id`),\n`pos_missing_items` (the POS does not know some items or modifiers),\n`items_unavailable` (some items or modifiers are out of stock),\n`order_validation_error` (the POS refused the order, for example its totals),\n`unknown` (anything else; see `error_message`).\n",
        "enum": [
          "restaurant_not_accepting_orders",
          "location_not_found",
          "pos_missing_items",
          "items_unavailable",
          "order_validation_error",
          "unknown"
        ]
      },
      "FailureDetails": {
        "type": "object",
        "description": "What went wrong with a failed order.",
        "minProperties": 1,
        "properties": {
          "invalid_item_ids": {
            "type": "array",
            "minItems": 1,
            "uniqueItems": true,
            "description": "The order lines and modifiers that caused the failure, by the `id`\nthe order gave them (variation or modifier `stream_id`).\n",
            "items": {
              "type": "string",
              "minLength": 1
            }
          },
          "error_message": {
            "type": "string",
            "minLength": 1,
            "description": "Human-readable explanation, safe to show to DSP support staff; not for branching."
          }
        },
        "additionalProperties": false
      },
      "OrderFailEvent": {
        "type": "object",
        "description": "Stream could not place the order on the POS; the order will not be made. When `reason` is `pos_missing_items` or `items_unavailable`, `details.invalid_item_ids` is\nrequired and lists the culprits.\n",
        "required": [
          "event_id",
          "type",
          "location_id",
          "occurred_at_ms",
          "data"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "location.order.fail"
          },
          "location_id": {
            "$ref": "#/components/schemas/LocationId"
          },
          "occurred_at_ms": {
            "$ref": "#/components/schemas/EpochMillis"
          },
          "data": {
            "$comment": "The conditional branch sets unevaluatedProperties true because the object is already closed by additionalProperties false; tools that close every subschema by default would otherwise reject valid payloads.",
            "type": "object",
            "required": [
              "order_id",
              "reason"
            ],
            "properties": {
              "order_id": {
                "type": "string",
                "minLength": 1,
                "description": "The `id` of the order, as the DSP sent it in `new_order`.",
                "examples": [
                  "ord_8c1f2a9e"
                ]
              },
              "reason": {
                "$ref": "#/components/schemas/FailureReason"
              },
              "details": {
                "$ref": "#/components/schemas/FailureDetails"
              }
            },
            "additionalProperties": false,
            "if": {
              "properties": {
                "reason": {
                  "enum": [
                    "pos_missing_items",
                    "items_unavailable"
                  ]
                }
              },
              "required": [
                "reason"
              ]
            },
            "then": {
              "required": [
                "details"
              ],
              "properties": {
                "details": {
                  "required": [
                    "invalid_item_ids"
                  ],
                  "properties": {
                    "invalid_item_ids": true
                  },
                  "unevaluatedProperties": true
                }
              },
              "unevaluatedProperties": true
            }
          }
        },
        "additionalProperties": false
      },
      "OrderStatusChangeEvent": {
        "type": "object",
        "description": "The order's status changed on the POS. The only status Stream sends is `ready_for_pickup`.\n",
        "required": [
          "event_id",
          "type",
          "location_id",
          "occurred_at_ms",
          "data"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "location.order.notify_status_change"
          },
          "location_id": {
            "$ref": "#/components/schemas/LocationId"
          },
          "occurred_at_ms": {
            "$ref": "#/components/schemas/EpochMillis"
          },
          "data": {
            "type": "object",
            "required": [
              "order_id",
              "status"
            ],
            "properties": {
              "order_id": {
                "type": "string",
                "minLength": 1,
                "description": "The `id` of the order, as the DSP sent it in `new_order`.",
                "examples": [
                  "ord_8c1f2a9e"
                ]
              },
              "status": {
                "type": "string",
                "const": "ready_for_pickup",
                "description": "The only value is `ready_for_pickup`, sent when the store marks the order ready."
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "OrderCancelEvent": {
        "type": "object",
        "description": "The store canceled the order on the POS. Stop fulfilling it and tell the customer.\nStream sends this only for cancellations that start at the store; a\ncancellation the DSP sent with `cancel_order` is not echoed back.\n",
        "required": [
          "event_id",
          "type",
          "location_id",
          "occurred_at_ms",
          "data"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "location.order.cancel"
          },
          "location_id": {
            "$ref": "#/components/schemas/LocationId"
          },
          "occurred_at_ms": {
            "$ref": "#/components/schemas/EpochMillis"
          },
          "data": {
            "type": "object",
            "required": [
              "order_id"
            ],
            "properties": {
              "order_id": {
                "type": "string",
                "minLength": 1,
                "description": "The `id` of the order, as the DSP sent it in `new_order`.",
                "examples": [
                  "ord_8c1f2a9e"
                ]
              },
              "reason": {
                "type": "string",
                "description": "Optional free-text reason the merchant gave, for support staff.",
                "examples": [
                  "Out of burger buns."
                ]
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "LocationPausedEvent": {
        "type": "object",
        "description": "The store paused ordering. Stop taking orders for the location until `until_ms`, or until\n`location.resumed` when `until_ms` is omitted.\n",
        "required": [
          "event_id",
          "type",
          "location_id",
          "occurred_at_ms",
          "data"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "location.paused"
          },
          "location_id": {
            "$ref": "#/components/schemas/LocationId"
          },
          "occurred_at_ms": {
            "$ref": "#/components/schemas/EpochMillis"
          },
          "data": {
            "type": "object",
            "properties": {
              "until_ms": {
                "type": "integer",
                "minimum": 0,
                "description": "When the pause ends, in milliseconds since the Unix epoch. Omitted means until `location.resumed`.",
                "examples": [
                  1767289500000
                ]
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "LocationResumedEvent": {
        "type": "object",
        "description": "The store takes orders again after a pause. `data` is an empty object,\nkept so every event has the same envelope.\n",
        "required": [
          "event_id",
          "type",
          "location_id",
          "occurred_at_ms",
          "data"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "location.resumed"
          },
          "location_id": {
            "$ref": "#/components/schemas/LocationId"
          },
          "occurred_at_ms": {
            "$ref": "#/components/schemas/EpochMillis"
          },
          "data": {
            "type": "object",
            "maxProperties": 0,
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "LocationPublishEvent": {
        "type": "object",
        "description": "A new menu is published for the location. Download the menu file from `menu_file_url`\n(`GET /stream-dsp/v1/menuFileS3Url` on Stream's host) and replace the location's menu with it.\n",
        "required": [
          "event_id",
          "type",
          "location_id",
          "occurred_at_ms",
          "data"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "location.publish"
          },
          "location_id": {
            "$ref": "#/components/schemas/LocationId"
          },
          "occurred_at_ms": {
            "$ref": "#/components/schemas/EpochMillis"
          },
          "data": {
            "type": "object",
            "required": [
              "menu_file_url",
              "menu_version"
            ],
            "properties": {
              "menu_file_url": {
                "type": "string",
                "format": "uri",
                "description": "Time-limited download URL of the menu file. Request it exactly as given, without\nchanging its query string.\n",
                "examples": [
                  "https://api.stream.example/stream-dsp/v1/menuFileS3Url?location_id=store-0042&token=mf_4b7d0e2a91c3"
                ]
              },
              "menu_version": {
                "type": "string",
                "enum": [
                  "v1",
                  "v2"
                ],
                "description": "Which form the file has (`v1` nested, `v2` normalised), set by\nthe DSP's menu-version partner flag, so you can parse it without guessing.\n"
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "StreamId": {
        "type": "string",
        "minLength": 1,
        "description": "Stream's id for a menu object (menu, category, item, variation, modifier group, modifier or\ntax). Stable across menu publishes, so use it to match objects between files and in orders.\n",
        "examples": [
          "var_classic_single"
        ]
      },
      "MenuObjectUpdate": {
        "type": "object",
        "description": "Turns one menu object on or off without a new menu file. Each update\nnames the object's kind in `object_type`: `item` (v1 `Item`, v2 item family), `variation`\n(v1 `Variation`, v2 item) or `modifier`.\n",
        "required": [
          "object_type",
          "stream_id",
          "is_active"
        ],
        "properties": {
          "object_type": {
            "type": "string",
            "enum": [
              "item",
              "variation",
              "modifier"
            ]
          },
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "is_active": {
            "type": "boolean",
            "description": "`true` activates the object, `false` deactivates it until a later update or publish."
          }
        },
        "additionalProperties": false
      },
      "LocationUpdateEvent": {
        "type": "object",
        "description": "Some menu objects were activated or deactivated at the location, by `stream_id`. Apply the\nupdates to the last published menu.\n",
        "required": [
          "event_id",
          "type",
          "location_id",
          "occurred_at_ms",
          "data"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "location.update"
          },
          "location_id": {
            "$ref": "#/components/schemas/LocationId"
          },
          "occurred_at_ms": {
            "$ref": "#/components/schemas/EpochMillis"
          },
          "data": {
            "type": "object",
            "required": [
              "updates"
            ],
            "properties": {
              "updates": {
                "type": "array",
                "minItems": 1,
                "items": {
                  "$ref": "#/components/schemas/MenuObjectUpdate"
                }
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "StreamToDspEvent": {
        "description": "An event Stream sends to the DSP's `POST /stream-dsp/v1/event`, told apart by `type`.\nEvery event in this API, in both directions, has the same envelope:\n`event_id` (unique, the same on every retry), `type`, `location_id`, `occurred_at_ms` (when\nit happened, in milliseconds since the Unix epoch) and `data` (the type's payload); order\nevents carry the order's id as `data.order_id`.\n",
        "oneOf": [
          {
            "$ref": "#/components/schemas/OrderAcceptEvent"
          },
          {
            "$ref": "#/components/schemas/OrderFailEvent"
          },
          {
            "$ref": "#/components/schemas/OrderStatusChangeEvent"
          },
          {
            "$ref": "#/components/schemas/OrderCancelEvent"
          },
          {
            "$ref": "#/components/schemas/LocationPausedEvent"
          },
          {
            "$ref": "#/components/schemas/LocationResumedEvent"
          },
          {
            "$ref": "#/components/schemas/LocationPublishEvent"
          },
          {
            "$ref": "#/components/schemas/LocationUpdateEvent"
          }
        ],
        "discriminator": {
          "propertyName": "type",
          "mapping": {
            "location.order.accept": "#/components/schemas/OrderAcceptEvent",
            "location.order.fail": "#/components/schemas/OrderFailEvent",
            "location.order.notify_status_change": "#/components/schemas/OrderStatusChangeEvent",
            "location.order.cancel": "#/components/schemas/OrderCancelEvent",
            "location.paused": "#/components/schemas/LocationPausedEvent",
            "location.resumed": "#/components/schemas/LocationResumedEvent",
            "location.publish": "#/components/schemas/LocationPublishEvent",
            "location.update": "#/components/schemas/LocationUpdateEvent"
          }
        }
      },
      "EventReceipt": {
        "type": "object",
        "description": "The success answer to an event, in both directions, echoes its\n`event_id`. The sender retries a timeout or a `5xx` answer with the same `event_id`; the\nreceiver answers a repeat with success and `duplicate: true` without processing it again.\n",
        "required": [
          "event_id"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "duplicate": {
            "type": "boolean",
            "default": false,
            "description": "`true` when the receiver had already processed this `event_id` and ignored the repeat. The one field in which the answer to a repeat differs from the first answer: everything else is answered again as it was.",
            "x-stream-varies-on-repeat": true
          }
        },
        "additionalProperties": false
      },
      "PrepTimeMinutes": {
        "type": "integer",
        "minimum": 0,
        "description": "Usual minutes the store needs to prepare an order.",
        "examples": [
          30
        ]
      },
      "TimeRange": {
        "type": "string",
        "description": "Opening hours as `HH:mm-HH:mm`, 24-hour clock, in the store's timezone (`11:00-22:00`).\nA range whose end is not after its start runs past midnight into the\nnext day (`22:00-02:00`), and `00:00-00:00` means open all day.\n",
        "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$",
        "examples": [
          "11:00-22:00"
        ]
      },
      "Schedule": {
        "type": "object",
        "description": "When a menu is available, per weekday, as a list of `HH:mm-HH:mm` ranges in the store's\ntimezone. All seven weekdays are present, and an empty list means the\nmenu is not available that day.\n",
        "required": [
          "monday",
          "tuesday",
          "wednesday",
          "thursday",
          "friday",
          "saturday",
          "sunday"
        ],
        "properties": {
          "monday": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/TimeRange"
            }
          },
          "tuesday": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/TimeRange"
            }
          },
          "wednesday": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/TimeRange"
            }
          },
          "thursday": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/TimeRange"
            }
          },
          "friday": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/TimeRange"
            }
          },
          "saturday": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/TimeRange"
            }
          },
          "sunday": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/TimeRange"
            }
          }
        },
        "additionalProperties": false
      },
      "Money": {
        "type": "integer",
        "minimum": 0,
        "description": "An amount as a non-negative integer in the lowest denomination of its currency (cents for\n`usd`, so `950` is $9.50). Never a decimal.\n",
        "examples": [
          950
        ]
      },
      "Currency": {
        "type": "string",
        "description": "Lower-case ISO 4217 currency code (`usd`, `eur`). The DSP specification uses lower case;\nthe POS specification uses upper case.\n",
        "pattern": "^[a-z]{3}$",
        "examples": [
          "usd"
        ]
      },
      "Variation": {
        "type": "object",
        "description": "A sellable size or version of an item, with its own price (menu v1).",
        "required": [
          "stream_id",
          "name",
          "price",
          "currency"
        ],
        "properties": {
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "description": "Name of the variation (`Double`)."
          },
          "price": {
            "$ref": "#/components/schemas/Money"
          },
          "currency": {
            "$ref": "#/components/schemas/Currency"
          },
          "is_active": {
            "type": "boolean",
            "default": true,
            "description": "`false` while the variation is unavailable. Unset means active."
          }
        },
        "additionalProperties": false
      },
      "DefaultModifierQuantities": {
        "type": "object",
        "description": "Modifiers chosen before the customer changes anything, keyed by modifier `stream_id`, with\nhow many of each. A map from modifier `stream_id` to a quantity of at\nleast 1; a modifier not listed starts unselected.\n",
        "propertyNames": {
          "minLength": 1
        },
        "additionalProperties": {
          "type": "integer",
          "minimum": 1
        },
        "examples": [
          {
            "mod_cheddar": 1
          }
        ]
      },
      "ModifierGroup": {
        "type": "object",
        "description": "A set of modifiers offered with an item (menu v1). A group also carries\nits own `stream_id` and `name`, which orders reference as `modifier_group_id`.\n",
        "required": [
          "stream_id",
          "name",
          "modifiers",
          "rules"
        ],
        "properties": {
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "description": "Name shown to customers (`Choose a cheese`)."
          },
          "default_modifier_quantities": {
            "$ref": "#/components/schemas/DefaultModifierQuantities"
          },
          "modifiers": {
            "type": "array",
            "minItems": 1,
            "items": {
              "$ref": "#/components/schemas/Modifier"
            }
          },
          "rules": {
            "$ref": "#/components/schemas/ModifierGroupRules"
          }
        },
        "additionalProperties": false
      },
      "Modifier": {
        "type": "object",
        "description": "A choice inside a modifier group (menu v1). A modifier carries\n`stream_id`, `name`, `price`, `currency` and `is_active` like a variation does.\n",
        "required": [
          "stream_id",
          "name",
          "price",
          "currency"
        ],
        "properties": {
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "price": {
            "$ref": "#/components/schemas/Money"
          },
          "currency": {
            "$ref": "#/components/schemas/Currency"
          },
          "is_active": {
            "type": "boolean",
            "default": true,
            "description": "`false` while the modifier is unavailable. Unset means active."
          },
          "nested_modifier_groups": {
            "type": "array",
            "description": "Groups offered once this modifier is chosen (a sauce, then how much sauce).",
            "items": {
              "$ref": "#/components/schemas/ModifierGroup"
            }
          }
        },
        "additionalProperties": false
      },
      "ModifierGroupRules": {
        "type": "object",
        "description": "How many modifiers of a group a customer may choose. `maximum_unique_modifiers_allowed` is\nat least `minimum_unique_modifiers_allowed`; Stream never publishes a group that breaks this.\n",
        "required": [
          "minimum_unique_modifiers_allowed",
          "maximum_unique_modifiers_allowed"
        ],
        "properties": {
          "minimum_unique_modifiers_allowed": {
            "type": "integer",
            "minimum": 0,
            "description": "Fewest different modifiers the customer must choose. `0` makes the group optional."
          },
          "maximum_unique_modifiers_allowed": {
            "type": "integer",
            "minimum": 0,
            "description": "Most different modifiers the customer may choose."
          },
          "amount_of_modifiers_free": {
            "type": "integer",
            "minimum": 0,
            "default": 0,
            "description": "How many chosen modifiers are free before prices apply (the cheapest are free first).\nCounted per unit of the parent item or modifier, over the units chosen in the group: 3 ×\nextra shot with 1 free is one free shot and two charged. An order carries a free modifier\nwith `price: 0`, and a modifier partly free as two entries, the free units at `price: 0`\nand the charged ones at the menu's price.\n"
          },
          "selection_type": {
            "type": "string",
            "enum": [
              "single",
              "multiple"
            ],
            "default": "single",
            "description": "`single` lets the customer choose each modifier at most once;\n`multiple` lets them choose the same modifier more than once (3 × extra shot).\nDefaults to `single`.\n"
          }
        },
        "additionalProperties": false
      },
      "Allergen": {
        "type": "string",
        "description": "An allergen an item or item family contains. Values are exact and lower case. Contract\ndecision: the POS catalog uses the same values as the DSP menu's allergens, since the POS\nlist is not shown.\n",
        "enum": [
          "eggs",
          "soybeans",
          "dairy",
          "sesame",
          "lupin",
          "celery",
          "mustard",
          "gluten",
          "wheat",
          "rye",
          "barley",
          "oats",
          "spelt",
          "kamut",
          "shellfish",
          "crustaceans",
          "molluscs",
          "fish",
          "almonds",
          "hazelnuts",
          "walnuts",
          "cashews",
          "pecan",
          "brazil",
          "pistachio",
          "macadamia",
          "peanuts",
          "tree_nuts",
          "sulphur_dioxide_sulphites"
        ],
        "examples": [
          "gluten"
        ]
      },
      "Item": {
        "type": "object",
        "description": "A dish or product on the menu, sold in one or more variations (menu v1).",
        "required": [
          "stream_id",
          "name",
          "variations"
        ],
        "properties": {
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "description": {
            "type": "string",
            "description": "Description shown to customers."
          },
          "images": {
            "type": "array",
            "description": "Image URLs, best first.",
            "items": {
              "type": "string",
              "format": "uri"
            }
          },
          "is_alcohol": {
            "type": "boolean",
            "default": false,
            "description": "`true` when the item contains alcohol and needs an age check on hand-off."
          },
          "tax_ids": {
            "type": "array",
            "uniqueItems": true,
            "description": "The `stream_id` of each tax that applies. Empty or missing means the default taxes.",
            "items": {
              "$ref": "#/components/schemas/StreamId"
            }
          },
          "variations": {
            "type": "array",
            "minItems": 1,
            "items": {
              "$ref": "#/components/schemas/Variation"
            }
          },
          "modifier_groups": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ModifierGroup"
            }
          },
          "is_active": {
            "type": "boolean",
            "default": true,
            "description": "`false` while the item is unavailable. Unset means active."
          },
          "allergens": {
            "type": "array",
            "uniqueItems": true,
            "items": {
              "$ref": "#/components/schemas/Allergen"
            }
          }
        },
        "additionalProperties": false
      },
      "Category": {
        "type": "object",
        "description": "A section of a menu (menu v1). Besides `items`, a category carries a\n`stream_id` (sent in orders as `category_id`) and a `name` shown to customers.\n",
        "required": [
          "stream_id",
          "name",
          "items"
        ],
        "properties": {
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "items": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Item"
            }
          }
        },
        "additionalProperties": false
      },
      "Menu": {
        "type": "object",
        "description": "One menu (menu v1), such as `All day` or `Breakfast`, with its schedule and categories.",
        "required": [
          "stream_id",
          "name",
          "schedule",
          "categories"
        ],
        "properties": {
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "schedule": {
            "$ref": "#/components/schemas/Schedule"
          },
          "categories": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Category"
            }
          }
        },
        "additionalProperties": false
      },
      "Holiday": {
        "type": "object",
        "description": "A day on which the store's regular schedule does not apply.\n",
        "required": [
          "date",
          "name",
          "recurring_yearly"
        ],
        "properties": {
          "date": {
            "type": "string",
            "description": "The day as `MM-DD` (`12-25`).",
            "pattern": "^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$",
            "examples": [
              "12-25"
            ]
          },
          "hours": {
            "type": "array",
            "minItems": 1,
            "description": "Opening hours on that day, replacing every menu schedule. Omitted means the store is\nclosed all day.\n",
            "items": {
              "$ref": "#/components/schemas/TimeRange"
            }
          },
          "recurring_yearly": {
            "type": "boolean",
            "description": "`true` when the holiday falls on `date` every year. When `false`, `specific_years` lists\nthe years it applies to.\n"
          },
          "specific_years": {
            "type": "array",
            "minItems": 1,
            "uniqueItems": true,
            "description": "The years the holiday applies to. Required when `recurring_yearly` is `false`.\nNot allowed when `recurring_yearly` is `true`, so a holiday has one\nreading.\n",
            "items": {
              "type": "integer",
              "minimum": 2000,
              "maximum": 9999
            }
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "description": "Name shown to customers (`Christmas Day`)."
          }
        },
        "additionalProperties": false,
        "$comment": "Each conditional branch sets unevaluatedProperties true because the object is already closed by additionalProperties false; tools that close every subschema by default would otherwise reject valid payloads.",
        "if": {
          "properties": {
            "recurring_yearly": {
              "const": false
            }
          },
          "required": [
            "recurring_yearly"
          ]
        },
        "then": {
          "required": [
            "specific_years"
          ],
          "properties": {
            "specific_years": true
          },
          "unevaluatedProperties": true
        },
        "else": {
          "properties": {
            "specific_years": false
          },
          "unevaluatedProperties": true
        }
      },
      "Tax": {
        "type": "object",
        "description": "A tax that applies to items, referenced from an item's `tax_ids`.",
        "required": [
          "stream_id",
          "rate",
          "name"
        ],
        "properties": {
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "rate": {
            "type": "number",
            "minimum": 0,
            "maximum": 100,
            "description": "The rate as a percentage, so `5` means 5% and `8.875` means 8.875%.",
            "examples": [
              8.875
            ]
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "description": "Name of the tax as printed on receipts."
          },
          "is_default": {
            "type": "boolean",
            "default": false,
            "description": "`true` for a tax that applies to every item that lists no `tax_ids`. An item with an empty or missing `tax_ids` is taxed at every default tax.\n"
          },
          "is_inclusive": {
            "type": "boolean",
            "default": false,
            "description": "`true` when item prices already include this tax; `false` when it is added on top."
          }
        },
        "additionalProperties": false
      },
      "MenuV1": {
        "type": "object",
        "title": "Menu file v1",
        "description": "The menu file in v1 form: objects nested inside their parents (menu, category, item,\nvariation, modifier group, modifier). Sent to DSPs whose partner flag selects v1.\n",
        "required": [
          "prep_time_minutes",
          "menus",
          "holidays",
          "taxes"
        ],
        "properties": {
          "prep_time_minutes": {
            "$ref": "#/components/schemas/PrepTimeMinutes"
          },
          "menus": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Menu"
            }
          },
          "holidays": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Holiday"
            }
          },
          "taxes": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Tax"
            }
          }
        },
        "additionalProperties": false
      },
      "NormalizedMenu": {
        "type": "object",
        "description": "One menu in the v2 file, pointing at its categories by `stream_id`.",
        "required": [
          "stream_id",
          "name",
          "schedule",
          "category_ids"
        ],
        "properties": {
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "schedule": {
            "$ref": "#/components/schemas/Schedule"
          },
          "category_ids": {
            "type": "array",
            "uniqueItems": true,
            "description": "The `stream_id` of each category on this menu, in display order.",
            "items": {
              "$ref": "#/components/schemas/StreamId"
            }
          }
        },
        "additionalProperties": false
      },
      "NormalizedCategory": {
        "type": "object",
        "description": "A category in the v2 file, pointing at its item families by `stream_id`.",
        "required": [
          "stream_id",
          "name",
          "item_family_ids"
        ],
        "properties": {
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "item_family_ids": {
            "type": "array",
            "uniqueItems": true,
            "description": "The `stream_id` of each item family in this category, in display order.",
            "items": {
              "$ref": "#/components/schemas/StreamId"
            }
          }
        },
        "additionalProperties": false
      },
      "ItemFamily": {
        "type": "object",
        "description": "A dish or product in the v2 file (a v1 `Item`). Its sellable versions are `items` (v1\nvariations), listed by `stream_id`.\n",
        "required": [
          "stream_id",
          "name",
          "item_ids"
        ],
        "properties": {
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "description": {
            "type": "string"
          },
          "images": {
            "type": "array",
            "items": {
              "type": "string",
              "format": "uri"
            }
          },
          "is_alcohol": {
            "type": "boolean",
            "default": false
          },
          "allergens": {
            "type": "array",
            "uniqueItems": true,
            "items": {
              "$ref": "#/components/schemas/Allergen"
            }
          },
          "is_active": {
            "type": "boolean",
            "default": true,
            "description": "`false` while the item family is unavailable. Unset means active."
          },
          "item_ids": {
            "type": "array",
            "uniqueItems": true,
            "minItems": 1,
            "description": "The `stream_id` of each item (size or version) in the family.",
            "items": {
              "$ref": "#/components/schemas/StreamId"
            }
          },
          "modifier_group_ids": {
            "type": "array",
            "uniqueItems": true,
            "description": "The `stream_id` of each modifier group offered with the family.",
            "items": {
              "$ref": "#/components/schemas/StreamId"
            }
          },
          "tax_ids": {
            "type": "array",
            "uniqueItems": true,
            "description": "The `stream_id` of each tax that applies. Empty or missing means the default taxes.",
            "items": {
              "$ref": "#/components/schemas/StreamId"
            }
          }
        },
        "additionalProperties": false
      },
      "ModifierOverride": {
        "type": "object",
        "description": "What a modifier costs, or whether it is offered, when it is chosen with\none particular item (extra cheese costs more on a large pizza). Replaces the modifier's own\n`price` and `is_active` for that item only.\n",
        "required": [
          "modifier_id"
        ],
        "properties": {
          "modifier_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "price": {
            "$ref": "#/components/schemas/Money"
          },
          "is_active": {
            "type": "boolean"
          }
        },
        "additionalProperties": false,
        "anyOf": [
          {
            "required": [
              "price"
            ]
          },
          {
            "required": [
              "is_active"
            ]
          }
        ]
      },
      "MenuSpecificOverride": {
        "type": "object",
        "description": "The price of an item, or whether it is offered, on one menu only (a\nlower price on the lunch menu). Replaces the item's own `price` and `is_active` on that menu.\n",
        "required": [
          "menu_id"
        ],
        "properties": {
          "menu_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "price": {
            "$ref": "#/components/schemas/Money"
          },
          "is_active": {
            "type": "boolean"
          }
        },
        "additionalProperties": false,
        "anyOf": [
          {
            "required": [
              "price"
            ]
          },
          {
            "required": [
              "is_active"
            ]
          }
        ]
      },
      "NormalizedItem": {
        "type": "object",
        "description": "A sellable size or version of an item family in the v2 file (a v1 `Variation`).",
        "required": [
          "stream_id",
          "name",
          "price",
          "currency"
        ],
        "properties": {
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "price": {
            "$ref": "#/components/schemas/Money"
          },
          "currency": {
            "$ref": "#/components/schemas/Currency"
          },
          "is_active": {
            "type": "boolean",
            "default": true,
            "description": "`false` while the item is unavailable. Unset means active."
          },
          "modifier_overrides": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ModifierOverride"
            }
          },
          "menu_specific_overrides": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/MenuSpecificOverride"
            }
          }
        },
        "additionalProperties": false
      },
      "ModifierGroupOverride": {
        "type": "object",
        "description": "Rules that replace the group's own `rules` when the group is offered\nwith one particular item family (up to 5 toppings on a pizza, 2 on a side).\n",
        "required": [
          "item_family_id",
          "rules"
        ],
        "properties": {
          "item_family_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "rules": {
            "$ref": "#/components/schemas/ModifierGroupRules"
          }
        },
        "additionalProperties": false
      },
      "NormalizedModifierGroup": {
        "type": "object",
        "description": "A modifier group in the v2 file, pointing at its modifiers by `stream_id`.",
        "required": [
          "stream_id",
          "name",
          "modifier_ids",
          "rules"
        ],
        "properties": {
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "modifier_ids": {
            "type": "array",
            "uniqueItems": true,
            "minItems": 1,
            "items": {
              "$ref": "#/components/schemas/StreamId"
            }
          },
          "default_modifier_quantities": {
            "$ref": "#/components/schemas/DefaultModifierQuantities"
          },
          "rules": {
            "$ref": "#/components/schemas/ModifierGroupRules"
          },
          "overrides": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ModifierGroupOverride"
            }
          }
        },
        "additionalProperties": false
      },
      "NormalizedModifier": {
        "type": "object",
        "description": "A modifier in the v2 file. Nested groups are listed by `stream_id`.",
        "required": [
          "stream_id",
          "name",
          "price",
          "currency"
        ],
        "properties": {
          "stream_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "price": {
            "$ref": "#/components/schemas/Money"
          },
          "currency": {
            "$ref": "#/components/schemas/Currency"
          },
          "is_active": {
            "type": "boolean",
            "default": true,
            "description": "`false` while the modifier is unavailable. Unset means active."
          },
          "nested_modifier_group_ids": {
            "type": "array",
            "uniqueItems": true,
            "description": "The `stream_id` of each modifier group offered once this modifier is chosen.",
            "items": {
              "$ref": "#/components/schemas/StreamId"
            }
          }
        },
        "additionalProperties": false
      },
      "MenuV2": {
        "type": "object",
        "title": "Menu file v2",
        "description": "The menu file in v2 (normalised) form: every object appears once in its own top-level list\nand parents point at children by `stream_id`. Sent to DSPs whose partner flag selects v2.\nEvery id a list points at is present in the file.\n",
        "required": [
          "prep_time_minutes",
          "menus",
          "categories",
          "item_families",
          "items",
          "modifier_groups",
          "modifiers",
          "holidays",
          "taxes"
        ],
        "properties": {
          "prep_time_minutes": {
            "$ref": "#/components/schemas/PrepTimeMinutes"
          },
          "menus": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/NormalizedMenu"
            }
          },
          "categories": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/NormalizedCategory"
            }
          },
          "item_families": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ItemFamily"
            }
          },
          "items": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/NormalizedItem"
            }
          },
          "modifier_groups": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/NormalizedModifierGroup"
            }
          },
          "modifiers": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/NormalizedModifier"
            }
          },
          "holidays": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Holiday"
            }
          },
          "taxes": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Tax"
            }
          }
        },
        "additionalProperties": false
      },
      "MenuFile": {
        "description": "The menu file, in v1 (nested) or v2 (normalised) form according to the DSP's menu-version\npartner flag; `menu_version` in `location.publish` says which. A v2 file is told apart by\nits top-level `categories`, `item_families`, `items`, `modifier_groups` and `modifiers`.\n",
        "oneOf": [
          {
            "$ref": "#/components/schemas/MenuV1"
          },
          {
            "$ref": "#/components/schemas/MenuV2"
          }
        ]
      },
      "E164PhoneNumber": {
        "type": "string",
        "description": "Phone number in E.164 format, a plus sign followed by up to 15 digits, country code first.",
        "pattern": "^\\+[1-9][0-9]{1,14}$",
        "examples": [
          "+14155550123"
        ]
      },
      "Customer": {
        "type": "object",
        "description": "The person who placed the order. Only `name` is required, since a\ndrive-thru or dine-in customer may leave no contact details; the events API's confirmed\norder carries the same customer as the DSP's new order.\n",
        "required": [
          "name"
        ],
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "description": "Name to call out or write on the bag.",
            "examples": [
              "Dana Whitfield"
            ]
          },
          "email": {
            "type": "string",
            "format": "email",
            "description": "Customer email, when the DSP shares it.",
            "examples": [
              "dana.whitfield@mail.example"
            ]
          },
          "phone": {
            "$ref": "#/components/schemas/E164PhoneNumber"
          },
          "masked_phone_code": {
            "type": "string",
            "minLength": 1,
            "description": "When `phone` is a masked (proxy) relay number, the extension or code to dial after it to\nreach this customer.\n",
            "x-stream-any-value": true,
            "examples": [
              "482 193"
            ]
          }
        },
        "additionalProperties": false
      },
      "OrderModifier": {
        "type": "object",
        "description": "A modifier chosen on an order item, with the modifiers chosen inside it.",
        "required": [
          "id",
          "modifier_group_id",
          "name",
          "quantity",
          "price",
          "currency"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "modifier_group_id": {
            "$ref": "#/components/schemas/StreamId"
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "quantity": {
            "type": "integer",
            "minimum": 1,
            "description": "How many of this modifier go on one unit of the parent item or modifier."
          },
          "price": {
            "$ref": "#/components/schemas/Money",
            "description": "The price the customer pays for one unit of this modifier: the menu's price, or `0` for a\nmodifier its group's `amount_of_modifiers_free` makes free (the cheapest chosen in the\ngroup under one parent are free first). When only some units of a modifier are free, send\nit as two entries, one with the free units at `price: 0` and one with the rest charged.\n"
          },
          "currency": {
            "$ref": "#/components/schemas/Currency"
          },
          "nested_modifiers": {
            "type": "array",
            "description": "Modifiers chosen from this modifier's nested modifier groups.",
            "items": {
              "$ref": "#/components/schemas/OrderModifier"
            }
          }
        },
        "additionalProperties": false
      },
      "OrderItem": {
        "type": "object",
        "description": "One line of an order.",
        "required": [
          "id",
          "item_id",
          "name",
          "quantity",
          "price",
          "currency"
        ],
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The `stream_id` of the variation ordered (v1 `Variation`, v2 item).",
            "examples": [
              "var_classic_single"
            ]
          },
          "item_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `stream_id` of the variation's item (v1 `Item`, v2 item family).",
            "examples": [
              "item_classic_burger"
            ]
          },
          "category_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `stream_id` of the category the customer ordered it from.",
            "examples": [
              "cat_burgers"
            ]
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "quantity": {
            "type": "integer",
            "minimum": 1
          },
          "price": {
            "type": "integer",
            "minimum": 0,
            "description": "The price of one unit of the variation, without its modifiers, as a\nnon-negative integer in the lowest denomination of `currency`.\n",
            "examples": [
              950
            ]
          },
          "modifiers": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/OrderModifier"
            }
          },
          "currency": {
            "$ref": "#/components/schemas/Currency"
          },
          "special_instructions": {
            "type": "string",
            "description": "The customer's note for this line (`no onions`)."
          }
        },
        "additionalProperties": false
      },
      "FulfillmentType": {
        "type": "string",
        "description": "How the order reaches the customer. The DSP and POS APIs carry all seven fulfillment types.\n",
        "enum": [
          "curbside",
          "delivery",
          "dine_in",
          "merchant_managed_delivery",
          "pickup",
          "stream_managed_delivery",
          "drive_thru"
        ],
        "x-enum-descriptions": {
          "curbside": "The customer collects the order at the curb outside the location (brought to the car).",
          "delivery": "The DSP's own courier delivers the order.",
          "dine_in": "The customer eats at the location.",
          "merchant_managed_delivery": "The merchant's own courier or staff deliver the order.",
          "pickup": "The customer collects the order inside the location.",
          "stream_managed_delivery": "A courier Stream dispatches delivers the order.",
          "drive_thru": "The customer collects the order at the drive-thru window."
        },
        "examples": [
          "pickup"
        ]
      },
      "Discount": {
        "type": "object",
        "description": "A discount the DSP applied to the order.",
        "required": [
          "id",
          "amount"
        ],
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The DSP's id for the promotion or discount."
          },
          "amount": {
            "$ref": "#/components/schemas/Money"
          },
          "item_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `item_id` of the order line the discount applies to. Omitted\nfor a discount on the whole order.\n"
          }
        },
        "additionalProperties": false
      },
      "NewOrder": {
        "type": "object",
        "description": "An order a customer placed on the DSP, for Stream to send to the store's POS. Every amount\nis a non-negative integer in the lowest denomination of the items' `currency`; all items\nof one order share one currency.\n\n`id`, `customer`, `items`, `subtotal`, `customer_facing_id`,\n`fulfillment_type` and `tax` are required; every other field is optional.\n",
        "required": [
          "id",
          "customer",
          "items",
          "subtotal",
          "customer_facing_id",
          "fulfillment_type",
          "tax"
        ],
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "The DSP's id for the order. Stream uses it as `order_id` in every event about the order.",
            "examples": [
              "ord_8c1f2a9e"
            ]
          },
          "customer": {
            "$ref": "#/components/schemas/Customer"
          },
          "items": {
            "type": "array",
            "minItems": 1,
            "items": {
              "$ref": "#/components/schemas/OrderItem"
            }
          },
          "subtotal": {
            "type": "integer",
            "minimum": 0,
            "description": "Sum of the item lines with their modifiers, before tax, fees, tips and discounts.",
            "examples": [
              1445
            ]
          },
          "customer_facing_id": {
            "type": "string",
            "minLength": 1,
            "description": "Short order number the customer and the store use at hand-off.",
            "examples": [
              "A-1042"
            ]
          },
          "fulfillment_type": {
            "$ref": "#/components/schemas/FulfillmentType"
          },
          "tax": {
            "type": "integer",
            "minimum": 0,
            "description": "Tax on the order, not counting `delivery_fee_taxes`: what the menu's taxes come to on the\norder's lines, in cents.\n",
            "examples": [
              128
            ]
          },
          "tax_withheld": {
            "type": "boolean",
            "default": false,
            "description": "`true` when the DSP collects and remits the order's tax itself\n(marketplace facilitator), so the merchant does not remit `tax`.\n"
          },
          "driver_tip": {
            "type": "integer",
            "minimum": 0,
            "description": "Tip for the merchant's courier. Only on `merchant_managed_delivery` orders; omit it\notherwise.\n",
            "examples": [
              500
            ]
          },
          "store_tip": {
            "type": "integer",
            "minimum": 0,
            "description": "Tip for the store's staff. Only on `pickup` and `dine_in` orders; omit it otherwise.",
            "examples": [
              200
            ]
          },
          "service_charge": {
            "type": "integer",
            "minimum": 0,
            "description": "Service charge the DSP added to the order.",
            "examples": [
              150
            ]
          },
          "delivery_fee": {
            "type": "integer",
            "minimum": 0,
            "description": "Delivery fee the customer paid. Only on `merchant_managed_delivery` orders; omit it\notherwise.\n",
            "examples": [
              399
            ]
          },
          "delivery_fee_taxes": {
            "type": "integer",
            "minimum": 0,
            "description": "Tax charged on `delivery_fee`. Sent only together with\n`delivery_fee`, so only on `merchant_managed_delivery` orders.\n",
            "examples": [
              35
            ]
          },
          "discounts": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Discount"
            }
          },
          "estimated_ready_at_ms": {
            "type": "integer",
            "minimum": 0,
            "description": "When the order should be ready, in milliseconds since the Unix epoch; for a future order,\nthe time the customer asked for. Required on a future order (`is_future_order: true`): the\ntime the customer chose goes here, never only in `fulfillment_instructions`. If it is missing\nor invalid (not after the order time) on an order for as soon as possible, Stream uses 30\nminutes after the order time. The order time is the `occurred_at_ms` of the `new_order` event.\n",
            "examples": [
              1767284100000
            ]
          },
          "should_include_utensils": {
            "type": "boolean",
            "default": true,
            "description": "Whether to pack cutlery and napkins. Defaults to `true`."
          },
          "delivery_address": {
            "description": "Where to deliver the order. Required for `merchant_managed_delivery` and\n`stream_managed_delivery` orders.\n",
            "allOf": [
              {
                "$ref": "#/components/schemas/Address"
              }
            ]
          },
          "special_instructions": {
            "type": "string",
            "description": "The customer's note for the whole order."
          },
          "fulfillment_instructions": {
            "type": "string",
            "description": "How to hand the order over (car description at curbside, drop-off note for delivery)."
          },
          "is_future_order": {
            "type": "boolean",
            "default": false,
            "description": "`true` when the customer scheduled the order for later; see `estimated_ready_at_ms`."
          },
          "unpaid": {
            "type": "boolean",
            "default": false,
            "description": "`true` when the customer pays at the store. May be `true` only for `drive_thru` orders;\nany other unpaid order fails before it reaches the POS. Stream fails\nit by answering the `new_order` event with `400`.\n"
          }
        },
        "additionalProperties": false,
        "$comment": "Each conditional branch sets unevaluatedProperties true because the object is already closed by additionalProperties false; tools that close every subschema by default would otherwise reject valid payloads.",
        "allOf": [
          {
            "if": {
              "properties": {
                "fulfillment_type": {
                  "enum": [
                    "merchant_managed_delivery",
                    "stream_managed_delivery"
                  ]
                }
              },
              "required": [
                "fulfillment_type"
              ]
            },
            "then": {
              "required": [
                "delivery_address"
              ],
              "properties": {
                "delivery_address": true
              },
              "unevaluatedProperties": true
            }
          },
          {
            "if": {
              "properties": {
                "unpaid": {
                  "const": true
                }
              },
              "required": [
                "unpaid"
              ]
            },
            "then": {
              "properties": {
                "fulfillment_type": {
                  "const": "drive_thru"
                }
              },
              "unevaluatedProperties": true
            }
          },
          {
            "if": {
              "properties": {
                "fulfillment_type": {
                  "const": "merchant_managed_delivery"
                }
              },
              "required": [
                "fulfillment_type"
              ]
            },
            "else": {
              "properties": {
                "driver_tip": false,
                "delivery_fee": false,
                "delivery_fee_taxes": false
              },
              "unevaluatedProperties": true
            }
          },
          {
            "if": {
              "properties": {
                "fulfillment_type": {
                  "enum": [
                    "pickup",
                    "dine_in"
                  ]
                }
              },
              "required": [
                "fulfillment_type"
              ]
            },
            "else": {
              "properties": {
                "store_tip": false
              },
              "unevaluatedProperties": true
            }
          }
        ],
        "dependentRequired": {
          "delivery_fee_taxes": [
            "delivery_fee"
          ]
        }
      },
      "NewOrderEvent": {
        "type": "object",
        "description": "A customer placed an order at the location. `occurred_at_ms` is the order time.\n",
        "required": [
          "event_id",
          "type",
          "location_id",
          "occurred_at_ms",
          "data"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "new_order"
          },
          "location_id": {
            "$ref": "#/components/schemas/LocationId"
          },
          "occurred_at_ms": {
            "$ref": "#/components/schemas/EpochMillis"
          },
          "data": {
            "$ref": "#/components/schemas/NewOrder"
          }
        },
        "additionalProperties": false
      },
      "CancelOrder": {
        "type": "object",
        "description": "Cancels an order the DSP sent earlier with `new_order`.",
        "required": [
          "order_id"
        ],
        "properties": {
          "order_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `id` of the `new_order`.",
            "examples": [
              "ord_8c1f2a9e"
            ]
          },
          "reason": {
            "type": "string",
            "description": "An optional free-text reason, shown to the merchant on the POS and in\nStream's order history.\n",
            "examples": [
              "Customer canceled before preparation started."
            ]
          }
        },
        "additionalProperties": false
      },
      "CancelOrderEvent": {
        "type": "object",
        "description": "The customer or the DSP canceled an order sent earlier with `new_order`.\n",
        "required": [
          "event_id",
          "type",
          "location_id",
          "occurred_at_ms",
          "data"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "cancel_order"
          },
          "location_id": {
            "$ref": "#/components/schemas/LocationId"
          },
          "occurred_at_ms": {
            "$ref": "#/components/schemas/EpochMillis"
          },
          "data": {
            "$ref": "#/components/schemas/CancelOrder"
          }
        },
        "additionalProperties": false
      },
      "StoreStatusUpdate": {
        "type": "object",
        "description": "Opens or pauses ordering at a location on the DSP. A pause with no `end_time` lasts until\nthe DSP sends `online` again. `end_time` is after `start_time` when both are sent.\n",
        "required": [
          "status"
        ],
        "properties": {
          "status": {
            "type": "string",
            "enum": [
              "online",
              "paused"
            ]
          },
          "start_time": {
            "type": "integer",
            "minimum": 0,
            "description": "When the status takes effect. Milliseconds since the Unix epoch,\nlike every other time in this API; omitted means now.\n",
            "examples": [
              1767282300000
            ]
          },
          "end_time": {
            "type": "integer",
            "minimum": 0,
            "description": "When a pause ends and the location goes back online, in milliseconds since the Unix\nepoch; omitted means the pause is indefinite. Only with\n`status: paused`.\n",
            "examples": [
              1767289500000
            ]
          }
        },
        "additionalProperties": false,
        "$comment": "Each conditional branch sets unevaluatedProperties true because the object is already closed by additionalProperties false; tools that close every subschema by default would otherwise reject valid payloads.",
        "if": {
          "properties": {
            "status": {
              "const": "online"
            }
          },
          "required": [
            "status"
          ]
        },
        "then": {
          "properties": {
            "end_time": false
          },
          "unevaluatedProperties": true
        }
      },
      "StoreStatusUpdateEvent": {
        "type": "object",
        "description": "The location was paused or put back online on the DSP.\n",
        "required": [
          "event_id",
          "type",
          "location_id",
          "occurred_at_ms",
          "data"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "store_status_update"
          },
          "location_id": {
            "$ref": "#/components/schemas/LocationId"
          },
          "occurred_at_ms": {
            "$ref": "#/components/schemas/EpochMillis"
          },
          "data": {
            "$ref": "#/components/schemas/StoreStatusUpdate"
          }
        },
        "additionalProperties": false
      },
      "DspToStreamEvent": {
        "description": "An event the DSP sends to `POST /order/{partner_id}`, told apart by `type`.\nEvery event in this API, in both directions, has the same envelope:\n`event_id` (unique, the same on every retry), `type`, `location_id`, `occurred_at_ms` (when\nit happened, in milliseconds since the Unix epoch) and `data` (the type's payload).\n",
        "oneOf": [
          {
            "$ref": "#/components/schemas/NewOrderEvent"
          },
          {
            "$ref": "#/components/schemas/CancelOrderEvent"
          },
          {
            "$ref": "#/components/schemas/StoreStatusUpdateEvent"
          }
        ],
        "discriminator": {
          "propertyName": "type",
          "mapping": {
            "new_order": "#/components/schemas/NewOrderEvent",
            "cancel_order": "#/components/schemas/CancelOrderEvent",
            "store_status_update": "#/components/schemas/StoreStatusUpdateEvent"
          }
        }
      }
    }
  }
};
