// JSON Schemas (OpenAPI 3.1, JSON Schema 2020-12) for the pos contract, generated from specs/pos/openapi.yaml by
// `npm run generate -w packages/contracts`. Do not edit by hand: change the spec and regenerate.
import type { SchemaDocument } from '../schema-document.js';

export const posDocument: SchemaDocument = {
  "info": {
    "title": "Stream POS API",
    "version": "1.9.0"
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
      "Category": {
        "type": "object",
        "description": "A section of a menu (Burgers, Sides) grouping item families. Besides\n`provider_id` and `is_active`, a category carries only `name`, `description` and the ids of\nits item families, in display order.\n",
        "required": [
          "provider_id",
          "name",
          "item_family_ids"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id for the category, stable across catalog reads."
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "description": {
            "type": "string"
          },
          "item_family_ids": {
            "type": "array",
            "description": "The `provider_id`s of the item families in this category, in display order.",
            "items": {
              "type": "string",
              "minLength": 1
            }
          },
          "is_active": {
            "type": "boolean",
            "default": true,
            "description": "Whether the category is shown. Omitted means active. A category your POS sells from should be shown: fill it from whether the category is on the menu, not from a screen switch such as the customer display's."
          }
        },
        "additionalProperties": false
      },
      "PriceAmount": {
        "type": "integer",
        "minimum": 0,
        "description": "A price as an integer in the lowest unit of its currency (cents for USD), never a decimal.",
        "examples": [
          1299
        ]
      },
      "CurrencyCode": {
        "type": "string",
        "pattern": "^[A-Z]{3}$",
        "description": "ISO 4217 currency code in upper case (`USD`, not `usd`). The POS and events APIs use upper\ncase; the DSP API uses lower case and has its own `Currency`.\n",
        "examples": [
          "USD"
        ]
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
      "DspSlug": {
        "type": "string",
        "description": "A DSP that supports per-DSP price overrides, by its slug.",
        "enum": [
          "doordash",
          "uber",
          "grubhub",
          "chownow",
          "flipdish"
        ]
      },
      "PriceOverride": {
        "type": "object",
        "description": "A price that replaces the object's own price in one context.",
        "required": [
          "price_amount",
          "price_currency"
        ],
        "properties": {
          "price_amount": {
            "$ref": "#/components/schemas/PriceAmount"
          },
          "price_currency": {
            "$ref": "#/components/schemas/CurrencyCode"
          }
        },
        "additionalProperties": false
      },
      "DspPriceOverrides": {
        "type": "object",
        "description": "Prices to use on particular DSPs instead of the object's own price, keyed by DSP slug\n(`doordash`, `uber`, `grubhub`, `chownow`, `flipdish`); any other key is rejected. A DSP without\na key gets the object's own price. The field is named `dsp_price_overrides`.\n",
        "propertyNames": {
          "$ref": "#/components/schemas/DspSlug"
        },
        "additionalProperties": {
          "$ref": "#/components/schemas/PriceOverride"
        },
        "examples": [
          {
            "doordash": {
              "price_amount": 1449,
              "price_currency": "USD"
            },
            "uber": {
              "price_amount": 1499,
              "price_currency": "USD"
            }
          }
        ]
      },
      "LocationOverride": {
        "type": "object",
        "description": "What differs for one location in a global catalog. Global catalogs only: a location catalog\nnever carries `location_overrides`. Omitted fields keep the object's own values. Contract\ndecision: overrides are a list of entries, each naming its location.\n",
        "required": [
          "location_id"
        ],
        "properties": {
          "location_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `provider_id` of the location this entry applies to."
          },
          "price_amount": {
            "$ref": "#/components/schemas/PriceAmount"
          },
          "price_currency": {
            "$ref": "#/components/schemas/CurrencyCode"
          },
          "is_active": {
            "type": "boolean",
            "description": "Whether the object is sold at this location. Omitted means the object's own `is_active`."
          },
          "stock_count": {
            "type": "integer",
            "minimum": 0,
            "description": "Items only; how many are left at this location, as `stock_count` on an item."
          },
          "dsp_price_overrides": {
            "$ref": "#/components/schemas/DspPriceOverrides"
          }
        },
        "dependentRequired": {
          "price_amount": [
            "price_currency"
          ],
          "price_currency": [
            "price_amount"
          ]
        },
        "additionalProperties": false
      },
      "MenuOverride": {
        "type": "object",
        "description": "What differs for the object when it is sold through one menu (a happy-hour price, for\nexample). Global catalogs only. Omitted fields keep the object's own values. Contract\ndecision: overrides are a list of entries, each naming its menu.\n",
        "required": [
          "menu_id"
        ],
        "properties": {
          "menu_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `provider_id` of the menu this entry applies to."
          },
          "price_amount": {
            "$ref": "#/components/schemas/PriceAmount"
          },
          "price_currency": {
            "$ref": "#/components/schemas/CurrencyCode"
          },
          "is_active": {
            "type": "boolean",
            "description": "Whether the object is offered on this menu. Omitted means the object's own `is_active`."
          }
        },
        "dependentRequired": {
          "price_amount": [
            "price_currency"
          ],
          "price_currency": [
            "price_amount"
          ]
        },
        "additionalProperties": false
      },
      "ItemFamily": {
        "type": "object",
        "description": "A dish as the customer sees it (Classic Burger), whose items are its sellable variations\n(Single, Double). Either the family has its own price (`price_amount` and `price_currency`,\nfor a family sold as is), or, when both are unset, `item_ids` must name at least one item.\nA family also carries\n`name`, `description`, `item_ids` and `modifier_group_ids`.\n",
        "required": [
          "provider_id",
          "name"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id for the item family, stable across catalog reads."
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "description": {
            "type": "string"
          },
          "item_ids": {
            "type": "array",
            "description": "The `provider_id`s of the family's items, in display order.",
            "items": {
              "type": "string",
              "minLength": 1
            }
          },
          "modifier_group_ids": {
            "type": "array",
            "description": "The `provider_id`s of the modifier groups offered with every item of the family, in display order.",
            "items": {
              "type": "string",
              "minLength": 1
            }
          },
          "price_amount": {
            "$ref": "#/components/schemas/PriceAmount"
          },
          "price_currency": {
            "$ref": "#/components/schemas/CurrencyCode"
          },
          "is_active": {
            "type": "boolean",
            "default": true,
            "description": "Whether the family is for sale. Omitted means active."
          },
          "images": {
            "type": "array",
            "description": "Public HTTPS URLs of photos of the dish, best first.",
            "items": {
              "type": "string",
              "format": "uri"
            }
          },
          "upc": {
            "type": "string",
            "pattern": "^([0-9]{8}|[0-9]{12,14})$",
            "description": "The UPC or EAN barcode digits (8, 12, 13 or 14 digits) for packaged goods."
          },
          "sku": {
            "type": "string",
            "minLength": 1,
            "description": "Your stock-keeping unit code."
          },
          "container_deposit": {
            "type": "integer",
            "minimum": 0,
            "description": "Deposit charged per unit for the container (bottle or can), in the lowest unit of the\nfamily's currency. An integer amount, like prices.\n"
          },
          "is_alcohol": {
            "type": "boolean",
            "default": false,
            "description": "Whether the family contains alcohol; DSPs check the customer's age."
          },
          "tax_ids": {
            "type": "array",
            "description": "The `provider_id`s of the taxes that apply to the family, besides any default taxes.",
            "items": {
              "type": "string",
              "minLength": 1
            }
          },
          "use_default_tax_rates": {
            "type": "boolean",
            "default": true,
            "description": "When `true` (the default) the taxes marked `is_default` apply too;\nwhen `false` only `tax_ids` apply.\n"
          },
          "is_tax_exempt": {
            "type": "boolean",
            "default": false,
            "description": "When `true`, no tax applies, whatever `tax_ids` and `use_default_tax_rates` say."
          },
          "location_memberships": {
            "type": "array",
            "description": "Global catalogs only: the `provider_id`s of the locations that sell this family. Contract\ndecision: omitted means every location of the merchant.\n",
            "items": {
              "type": "string",
              "minLength": 1
            }
          },
          "allergens": {
            "type": "array",
            "uniqueItems": true,
            "items": {
              "$ref": "#/components/schemas/Allergen"
            }
          },
          "location_overrides": {
            "type": "array",
            "description": "Global catalogs only. Per-location price, availability and DSP prices.",
            "items": {
              "$ref": "#/components/schemas/LocationOverride"
            }
          },
          "menu_overrides": {
            "type": "array",
            "description": "Global catalogs only. Per-menu price and availability.",
            "items": {
              "$ref": "#/components/schemas/MenuOverride"
            }
          },
          "dsp_price_overrides": {
            "$ref": "#/components/schemas/DspPriceOverrides"
          }
        },
        "dependentRequired": {
          "price_amount": [
            "price_currency"
          ],
          "price_currency": [
            "price_amount"
          ]
        },
        "if": {
          "properties": {
            "price_amount": false
          }
        },
        "then": {
          "required": [
            "item_ids"
          ],
          "properties": {
            "item_ids": {
              "minItems": 1
            }
          },
          "unevaluatedProperties": true
        },
        "additionalProperties": false
      },
      "Item": {
        "type": "object",
        "description": "A sellable variation of an item family (Single, Double, Large). An item also carries `name`; when `price_amount` and\n`price_currency` are unset, the item sells at its family's price.\n",
        "required": [
          "provider_id",
          "name"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id for the item. Stream sends it back as a line item's `provider_id` in orders."
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "price_amount": {
            "$ref": "#/components/schemas/PriceAmount"
          },
          "price_currency": {
            "$ref": "#/components/schemas/CurrencyCode"
          },
          "is_active": {
            "type": "boolean",
            "default": true,
            "description": "Whether the item is for sale. Omitted means active."
          },
          "stock_count": {
            "type": "integer",
            "minimum": 0,
            "description": "How many are left to sell; `0` means sold out. Omitted means stock is not tracked."
          },
          "location_overrides": {
            "type": "array",
            "description": "Global catalogs only. Per-location price, availability, stock and DSP prices.",
            "items": {
              "$ref": "#/components/schemas/LocationOverride"
            }
          },
          "menu_overrides": {
            "type": "array",
            "description": "Global catalogs only. Per-menu price and availability.",
            "items": {
              "$ref": "#/components/schemas/MenuOverride"
            }
          },
          "dsp_price_overrides": {
            "$ref": "#/components/schemas/DspPriceOverrides"
          }
        },
        "dependentRequired": {
          "price_amount": [
            "price_currency"
          ],
          "price_currency": [
            "price_amount"
          ]
        },
        "additionalProperties": false
      },
      "SelectionType": {
        "type": "string",
        "description": "How many modifiers of a group a customer may pick: `single` (at most one) or `multiple`.\nDefaults to `single`.\n",
        "enum": [
          "single",
          "multiple"
        ],
        "default": "single"
      },
      "ModifierGroup": {
        "type": "object",
        "description": "A choice offered with an item family (Cheese, Toppings). A group also carries `name`; the bounds are named `min_selections` and\n`max_selections`, and a `single` group allows at most one selection.\n",
        "required": [
          "provider_id",
          "name",
          "modifier_ids"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id for the modifier group. Stream sends it back as a modifier's `modifier_group_id` in orders."
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "selection_type": {
            "$ref": "#/components/schemas/SelectionType"
          },
          "modifier_ids": {
            "type": "array",
            "minItems": 1,
            "description": "The `provider_id`s of the group's modifiers, in display order.",
            "items": {
              "type": "string",
              "minLength": 1
            }
          },
          "min_selections": {
            "type": "integer",
            "minimum": 0,
            "default": 0,
            "description": "The fewest modifiers the customer must pick; `0` makes the group optional."
          },
          "max_selections": {
            "type": "integer",
            "minimum": 1,
            "description": "The most modifiers the customer may pick; at least `min_selections`. Omitted means no\nlimit for `multiple`, and one for `single`.\n"
          },
          "is_active": {
            "type": "boolean",
            "default": true,
            "description": "Whether the group is offered. Omitted means active."
          }
        },
        "if": {
          "properties": {
            "selection_type": {
              "const": "single"
            }
          }
        },
        "then": {
          "properties": {
            "min_selections": {
              "maximum": 1
            },
            "max_selections": {
              "maximum": 1
            }
          },
          "unevaluatedProperties": true
        },
        "additionalProperties": false
      },
      "Modifier": {
        "type": "object",
        "description": "One option of a modifier group (Cheddar, Bacon). A modifier also carries `name` and `nested_modifier_group_ids`; when\n`price_amount` and `price_currency` are unset, the modifier is free.\n",
        "required": [
          "provider_id",
          "name"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id for the modifier. Stream sends it back as a modifier's `provider_id` in orders."
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "price_amount": {
            "$ref": "#/components/schemas/PriceAmount"
          },
          "price_currency": {
            "$ref": "#/components/schemas/CurrencyCode"
          },
          "is_active": {
            "type": "boolean",
            "default": true,
            "description": "Whether the modifier is offered. Omitted means active."
          },
          "nested_modifier_group_ids": {
            "type": "array",
            "description": "The `provider_id`s of modifier groups offered once this modifier is picked (a sauce for a side, for example).",
            "items": {
              "type": "string",
              "minLength": 1
            }
          },
          "location_overrides": {
            "type": "array",
            "description": "Global catalogs only. Per-location price, availability and DSP prices.",
            "items": {
              "$ref": "#/components/schemas/LocationOverride"
            }
          },
          "menu_overrides": {
            "type": "array",
            "description": "Global catalogs only. Per-menu price and availability.",
            "items": {
              "$ref": "#/components/schemas/MenuOverride"
            }
          },
          "dsp_price_overrides": {
            "$ref": "#/components/schemas/DspPriceOverrides"
          }
        },
        "dependentRequired": {
          "price_amount": [
            "price_currency"
          ],
          "price_currency": [
            "price_amount"
          ]
        },
        "additionalProperties": false
      },
      "TimeRange": {
        "type": "string",
        "description": "An opening range `HH:mm-HH:mm`, 24-hour, in the location's timezone. The end may be `24:00`\nfor midnight. The end is after the start; a range past midnight is split\ninto one range ending `24:00` and one starting `00:00` the next day.\n",
        "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]-(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$",
        "examples": [
          "11:00-22:00"
        ]
      },
      "MenuSchedule": {
        "type": "object",
        "description": "When a menu is available, per weekday, as lists of time ranges in the location's timezone.\nA day that is omitted or has an empty list is closed. The weekdays are\nkeyed by their lower-case English names, as in the DSP menu schedule.\n",
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
      "Menu": {
        "type": "object",
        "description": "A menu (All day, Breakfast) listing categories and when they are available. Contract\ndecision: besides the fields in the product specification, a menu carries `name`.\n",
        "required": [
          "provider_id",
          "name",
          "category_ids",
          "schedule"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id for the menu."
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "category_ids": {
            "type": "array",
            "description": "The `provider_id`s of the menu's categories, in display order.",
            "items": {
              "type": "string",
              "minLength": 1
            }
          },
          "schedule": {
            "$ref": "#/components/schemas/MenuSchedule"
          },
          "should_adjust_for_prep_time": {
            "type": "boolean",
            "default": false,
            "description": "When `true`, Stream stops taking orders on this menu the location's\n`prep_time_minutes` before each range ends, so the last order is ready by closing time.\n"
          },
          "is_active": {
            "type": "boolean",
            "default": true,
            "description": "Whether the menu is offered. Omitted means active."
          }
        },
        "additionalProperties": false
      },
      "Tax": {
        "type": "object",
        "description": "A tax applied to item families that list it in `tax_ids` or, when `is_default`, to those that\nuse default tax rates. Besides `rate`, a tax carries `provider_id`, `name`,\n`is_default`, `is_inclusive` and, in global catalogs, `location_memberships`.\n",
        "required": [
          "provider_id",
          "name",
          "rate"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id for the tax."
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "rate": {
            "type": "number",
            "minimum": 0,
            "maximum": 100,
            "description": "The rate as a percentage, so `5` means 5% and `8.875` means 8.875%, never a fraction of 1 (`0.08875`): a catalog whose rates other than `0` are all below 1 breaks `tax-rate-percent`.",
            "examples": [
              8.875
            ]
          },
          "is_default": {
            "type": "boolean",
            "default": false,
            "description": "Whether the tax applies to every item family with `use_default_tax_rates`."
          },
          "is_inclusive": {
            "type": "boolean",
            "default": false,
            "description": "Whether prices already include the tax (common outside the US)."
          },
          "location_memberships": {
            "type": "array",
            "description": "Global catalogs only: the `provider_id`s of the locations where the tax applies. Omitted\nmeans every location of the merchant.\n",
            "items": {
              "type": "string",
              "minLength": 1
            }
          }
        },
        "additionalProperties": false
      },
      "TaxRate": {
        "type": "object",
        "deprecated": true,
        "description": "Deprecated: send `tax` entries (`Tax`) instead. Kept so older POS integrations keep working.\nStream reads `tax_rate` only when `tax` is empty, and a tax rate has the\nsame meaning as a `Tax` with `provider_id`, `name` and `rate`.\n",
        "required": [
          "provider_id",
          "rate"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1
          },
          "name": {
            "type": "string"
          },
          "rate": {
            "type": "number",
            "minimum": 0,
            "maximum": 100,
            "description": "The rate as a percentage, so `5` means 5%, never a fraction of 1 (`0.05`): a catalog whose rates other than `0` are all below 1 breaks `tax-rate-percent`."
          }
        },
        "additionalProperties": false
      },
      "CatalogResponse": {
        "type": "object",
        "description": "A location's catalog, or a merchant's global catalog. Objects are linked by `provider_id`:\nmenu → category (`category_ids`) → item family (`item_family_ids`) → item (`item_ids`), and\nitem family → modifier group (`modifier_group_ids`) → modifier (`modifier_ids`). Every id a\nlist names must be present in this response. Send inactive objects too, with `is_active: false`.\n\nPrices are integers in the lowest currency unit with upper-case ISO 4217 currencies. In a\nglobal catalog, Stream resolves the price an object sells at, for a location, a menu and a\nDSP, in this order (first match wins): the location override's `dsp_price_overrides` entry\nfor the DSP, the location override's price, the menu override's price, the object's own\n`dsp_price_overrides` entry, the object's own price.\n",
        "required": [
          "category",
          "item_family",
          "item",
          "modifier_group",
          "modifier",
          "menu",
          "tax"
        ],
        "properties": {
          "category": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Category"
            }
          },
          "item_family": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ItemFamily"
            }
          },
          "item": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Item"
            }
          },
          "modifier_group": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ModifierGroup"
            }
          },
          "modifier": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Modifier"
            }
          },
          "menu": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Menu"
            }
          },
          "tax": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Tax"
            }
          },
          "tax_rate": {
            "type": "array",
            "deprecated": true,
            "description": "Deprecated; use `tax`.",
            "items": {
              "$ref": "#/components/schemas/TaxRate"
            }
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
      "ConnectionStatus": {
        "type": "string",
        "description": "Whether the POS at the location is reachable and can take orders (`online`) or not (`offline`).",
        "enum": [
          "online",
          "offline"
        ]
      },
      "Location": {
        "type": "object",
        "description": "One of the merchant's locations on the POS.",
        "required": [
          "provider_id",
          "name",
          "address",
          "timezone",
          "connection_status"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id for the location. Stream sends it as `location_id` in every call about the location."
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "address": {
            "$ref": "#/components/schemas/Address"
          },
          "timezone": {
            "type": "string",
            "pattern": "^[A-Za-z_]+(/[A-Za-z0-9_+-]+){0,2}$",
            "description": "IANA time zone of the location (`America/New_York`); menu schedules are read in it.",
            "examples": [
              "America/New_York"
            ]
          },
          "prep_time_minutes": {
            "type": "integer",
            "minimum": 0,
            "description": "Usual minutes from accepting an order to having it ready.",
            "examples": [
              15
            ]
          },
          "connection_status": {
            "$ref": "#/components/schemas/ConnectionStatus"
          }
        },
        "additionalProperties": false
      },
      "LocationsResponse": {
        "type": "object",
        "description": "Every location of the merchant the access token belongs to.",
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
      "OrderSource": {
        "type": "string",
        "description": "The ordering platform the order came from.",
        "enum": [
          "uber",
          "grubhub",
          "doordash",
          "example-dsp",
          "jet",
          "deliveroo",
          "skipthedishes",
          "flipdish",
          "chownow"
        ]
      },
      "OrderBrand": {
        "type": "string",
        "description": "The brand the customer ordered through: any source, or a brand a source runs (`caviar` and\n`storefront` orders can come from `doordash`, `postmates` from `uber`, `eat24` from\n`grubhub`, `yelp` from its ordering partner).\n",
        "enum": [
          "uber",
          "grubhub",
          "doordash",
          "example-dsp",
          "jet",
          "deliveroo",
          "skipthedishes",
          "flipdish",
          "chownow",
          "yelp",
          "eat24",
          "caviar",
          "storefront",
          "postmates"
        ]
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
      "E164PhoneNumber": {
        "type": "string",
        "description": "Phone number in E.164 format, a plus sign followed by up to 15 digits, country code first.",
        "pattern": "^\\+[1-9][0-9]{1,14}$",
        "examples": [
          "+14155550123"
        ]
      },
      "OrderCustomer": {
        "type": "object",
        "description": "A customer on the order. A customer has `name` and, when the source\nshares them, `email`, `phone` and `phone_code`.\n",
        "required": [
          "name"
        ],
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1
          },
          "email": {
            "type": "string",
            "format": "email"
          },
          "phone": {
            "$ref": "#/components/schemas/E164PhoneNumber"
          },
          "phone_code": {
            "type": "string",
            "minLength": 1,
            "description": "Code to dial after `phone` when `phone` is a masked relay number."
          }
        },
        "additionalProperties": false
      },
      "OrderModifier": {
        "type": "object",
        "description": "A modifier picked for a line item, or for another modifier. A modifier\nnames your catalog ids, its quantity per unit of its parent, and its unit price.\n",
        "required": [
          "provider_id",
          "modifier_group_id",
          "name",
          "quantity",
          "price_amount"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `provider_id` of the modifier in your catalog."
          },
          "modifier_group_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `provider_id` of the modifier group it was picked from."
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "quantity": {
            "type": "integer",
            "minimum": 1,
            "description": "How many per unit of the parent line item or modifier."
          },
          "price_amount": {
            "$ref": "#/components/schemas/PriceAmount"
          },
          "modifiers": {
            "type": "array",
            "description": "Modifiers picked from this modifier's nested modifier groups.",
            "items": {
              "$ref": "#/components/schemas/OrderModifier"
            }
          }
        },
        "additionalProperties": false
      },
      "OrderLineItem": {
        "type": "object",
        "description": "One item of the order. A line item names your catalog ids, its quantity\nand its unit price without modifiers.\n",
        "required": [
          "provider_id",
          "name",
          "quantity",
          "price_amount"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `provider_id` of the item in your catalog."
          },
          "item_family_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `provider_id` of the item's family in your catalog."
          },
          "name": {
            "type": "string",
            "minLength": 1
          },
          "quantity": {
            "type": "integer",
            "minimum": 1
          },
          "price_amount": {
            "$ref": "#/components/schemas/PriceAmount"
          },
          "modifiers": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/OrderModifier"
            }
          },
          "special_instructions": {
            "type": "string",
            "description": "The customer's note for this item (no onions, for example)."
          }
        },
        "additionalProperties": false
      },
      "OrderEventData": {
        "type": "object",
        "description": "The order Stream sends to the POS. All amounts are integers in the lowest unit of\n`currency`. `delivery_address` is required for `merchant_managed_delivery` and\n`stream_managed_delivery`.\n\n`id`, `currency`, `tip`, `delivery_fee`, `service_charge`, `discount_total`, `total`,\n`delivery_address`, `special_instructions` and the line items give a POS what it needs to\nbuild the ticket and check the totals.\n",
        "required": [
          "id",
          "idempotency_key",
          "source",
          "source_order_id",
          "location_id",
          "fulfillment_type",
          "placed_at",
          "requested_for",
          "is_future_order",
          "customers",
          "line_items",
          "currency",
          "subtotal",
          "tax",
          "total"
        ],
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id for the order, for support requests."
          },
          "idempotency_key": {
            "type": "string",
            "minLength": 1,
            "description": "Identical on every retry of the same order; create the order once per key."
          },
          "source": {
            "$ref": "#/components/schemas/OrderSource"
          },
          "brand": {
            "$ref": "#/components/schemas/OrderBrand"
          },
          "source_order_id": {
            "type": "string",
            "minLength": 1,
            "description": "The source's id for the order, as shown to the customer and the courier."
          },
          "location_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `provider_id` of the location that fulfils the order."
          },
          "fulfillment_type": {
            "$ref": "#/components/schemas/FulfillmentType"
          },
          "placed_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the customer placed the order. RFC 3339 date-time."
          },
          "requested_for": {
            "type": "string",
            "format": "date-time",
            "description": "When the customer wants the order ready (or delivered). RFC 3339\ndate-time, always sent; for an order as soon as possible it is Stream's estimate.\n"
          },
          "is_future_order": {
            "type": "boolean",
            "description": "Whether the customer scheduled the order for later, rather than as soon as possible."
          },
          "customers": {
            "type": "array",
            "description": "The customer who placed the order first, then any others in a group order.",
            "items": {
              "$ref": "#/components/schemas/OrderCustomer"
            }
          },
          "line_items": {
            "type": "array",
            "minItems": 1,
            "items": {
              "$ref": "#/components/schemas/OrderLineItem"
            }
          },
          "currency": {
            "$ref": "#/components/schemas/CurrencyCode"
          },
          "subtotal": {
            "type": "integer",
            "minimum": 0,
            "description": "Sum of the line items before tax, fees, tips and discounts: for each line item,\n`quantity` × (`price_amount` + each modifier's `quantity` × `price_amount`, nested ones included).\n"
          },
          "tax": {
            "type": "integer",
            "minimum": 0,
            "description": "Tax on the order."
          },
          "tax_withheld_by_dsp": {
            "type": "boolean",
            "default": false,
            "description": "`true` when the source collects and remits `tax` itself (marketplace\nfacilitator rules), so the merchant must not remit it again.\n"
          },
          "tip": {
            "type": "integer",
            "minimum": 0,
            "default": 0,
            "description": "Tip for the merchant's staff or courier."
          },
          "delivery_fee": {
            "type": "integer",
            "minimum": 0,
            "default": 0
          },
          "service_charge": {
            "type": "integer",
            "minimum": 0,
            "default": 0
          },
          "discount_total": {
            "type": "integer",
            "minimum": 0,
            "default": 0,
            "description": "Sum of the discounts, as a positive amount."
          },
          "total": {
            "type": "integer",
            "minimum": 0,
            "description": "What the customer paid: `subtotal` + `tax` + `tip` + `delivery_fee` + `service_charge` −\n`discount_total`. The POS compares its own total with this one and reports a difference\nin `orderTotalsValidation`.\n"
          },
          "delivery_address": {
            "$ref": "#/components/schemas/Address"
          },
          "special_instructions": {
            "type": "string",
            "description": "The customer's note for the whole order."
          }
        },
        "if": {
          "required": [
            "fulfillment_type"
          ],
          "properties": {
            "fulfillment_type": {
              "enum": [
                "merchant_managed_delivery",
                "stream_managed_delivery"
              ]
            }
          }
        },
        "then": {
          "required": [
            "delivery_address"
          ],
          "properties": {
            "delivery_address": true
          },
          "unevaluatedProperties": true
        },
        "additionalProperties": false
      },
      "NewOrderEvent": {
        "type": "object",
        "description": "Stream → POS at `POST /stream-pos/v1/orders`. A new order for one of your locations.",
        "required": [
          "type",
          "object"
        ],
        "properties": {
          "type": {
            "type": "string",
            "const": "order.created"
          },
          "object": {
            "$ref": "#/components/schemas/OrderEventData"
          }
        },
        "additionalProperties": false
      },
      "OrderUpdateStatus": {
        "type": "string",
        "description": "Where the order stands after the change an `order.updated` event reports.",
        "enum": [
          "ready_for_pickup",
          "out_for_delivery",
          "dsp_canceled",
          "merchant_canceled",
          "completed",
          "failed"
        ],
        "x-enum-descriptions": {
          "ready_for_pickup": "The kitchen has finished the order; it waits for the customer or the driver.",
          "out_for_delivery": "A driver or robot has collected the order and is taking it to the customer.",
          "dsp_canceled": "The DSP (or the customer through it) canceled the order.",
          "merchant_canceled": "The merchant canceled the order.",
          "completed": "The customer has the order.",
          "failed": "The order could not be fulfilled."
        },
        "examples": [
          "ready_for_pickup"
        ]
      },
      "DeliveryStatus": {
        "type": "string",
        "description": "Where the delivery of an order stands. The usual happy sequence is `enroute_to_pickup` →\n`arrived_at_pickup` → `enroute_to_dropoff` → `completed`. The `failed*` values and\n`merchant_canceled` end a delivery that did not complete; `enroute_to_return`,\n`arrived_at_return` and `returned` track an undelivered order coming back to the merchant.\nNo other transition is fixed: any value may follow any other, and the receiver (Stream, or the POS) keeps the latest one it receives.\n",
        "enum": [
          "pending",
          "pending_driver_confirmation",
          "enroute_to_pickup",
          "arrived_at_pickup",
          "enroute_to_dropoff",
          "arrived_at_dropoff",
          "completed",
          "failed_to_assign_driver",
          "failed_to_deliver",
          "failed_to_pickup",
          "failed",
          "merchant_canceled",
          "enroute_to_return",
          "arrived_at_return",
          "returned"
        ],
        "x-enum-descriptions": {
          "pending": "The delivery is requested; no driver is assigned yet.",
          "pending_driver_confirmation": "A driver was offered the delivery and has not accepted it yet.",
          "enroute_to_pickup": "The driver is on the way to the merchant.",
          "arrived_at_pickup": "The driver is at the merchant, waiting for the order.",
          "enroute_to_dropoff": "The driver has the order and is on the way to the customer.",
          "arrived_at_dropoff": "The driver is at the customer's address.",
          "completed": "The customer has the order.",
          "failed_to_assign_driver": "No driver could be found for the delivery.",
          "failed_to_deliver": "The driver had the order but could not hand it to the customer.",
          "failed_to_pickup": "The driver could not collect the order from the merchant.",
          "failed": "The delivery failed for another reason.",
          "merchant_canceled": "The merchant canceled the delivery.",
          "enroute_to_return": "The driver is bringing an undelivered order back to the merchant.",
          "arrived_at_return": "The driver is back at the merchant with the undelivered order.",
          "returned": "The merchant has the undelivered order back."
        },
        "examples": [
          "enroute_to_pickup"
        ]
      },
      "DriverSource": {
        "type": "string",
        "minLength": 1,
        "description": "Who supplies the driver: the delivery provider, network or fleet, as a lower-case slug\n(`acme-couriers`). A free slug, not an enum, because the list of providers grows.\n",
        "examples": [
          "acme-couriers"
        ]
      },
      "DriverName": {
        "type": "string",
        "minLength": 1,
        "description": "Name of the driver as the merchant should call them, or the robot's name or number.",
        "examples": [
          "Dana R."
        ]
      },
      "DriverPhone": {
        "type": "object",
        "description": "A phone number that reaches the driver, possibly a masked relay number.",
        "required": [
          "number"
        ],
        "properties": {
          "number": {
            "$ref": "#/components/schemas/E164PhoneNumber"
          },
          "code": {
            "type": "string",
            "minLength": 1,
            "description": "Extension or access code to enter after dialling `number`, when `number` is a masked relay\nnumber shared by many drivers. Omit it when the number reaches the driver directly.\n",
            "examples": [
              "4821"
            ]
          }
        },
        "additionalProperties": false
      },
      "DriverPictureUrl": {
        "type": "string",
        "format": "uri",
        "description": "HTTPS URL of a photo of the driver or robot.",
        "examples": [
          "https://cdn.acme-couriers.example/drivers/dana-r.jpg"
        ]
      },
      "VehicleInfo": {
        "type": "object",
        "description": "The vehicle carrying the order, so the merchant can recognise the driver or robot at handoff.",
        "required": [
          "make",
          "model",
          "color"
        ],
        "properties": {
          "make": {
            "type": "string",
            "minLength": 1,
            "examples": [
              "Toyota"
            ]
          },
          "model": {
            "type": "string",
            "minLength": 1,
            "examples": [
              "Prius"
            ]
          },
          "color": {
            "type": "string",
            "minLength": 1,
            "examples": [
              "silver"
            ]
          },
          "license_plate": {
            "type": "string",
            "minLength": 1,
            "description": "Licence plate of the vehicle. Omitted when the vehicle has none, as with most delivery robots.",
            "examples": [
              "8ABC123"
            ]
          },
          "is_autonomous": {
            "type": "boolean",
            "default": false,
            "description": "`true` when a robot or autonomous vehicle delivers the order rather than a person."
          }
        },
        "additionalProperties": false
      },
      "HandoffInstructions": {
        "type": "string",
        "minLength": 1,
        "description": "How the merchant hands the order to the driver (where to meet, what to check).",
        "examples": [
          "Driver waits at the pickup shelf by the front door; hand over after checking the passcode."
        ]
      },
      "DriverPasscode": {
        "type": "string",
        "minLength": 1,
        "description": "Code the driver or robot shows or asks for, which lets the merchant authorize the driver or\nrobot before handing over the order (for a robot, it unlocks the compartment).\n",
        "examples": [
          "4821"
        ]
      },
      "DeliveryDriverDetails": {
        "type": "object",
        "description": "Who is collecting and delivering the order (a person or a robot) and how the merchant hands\nthe order over.\n",
        "required": [
          "source",
          "name",
          "phone"
        ],
        "properties": {
          "source": {
            "$ref": "#/components/schemas/DriverSource"
          },
          "name": {
            "$ref": "#/components/schemas/DriverName"
          },
          "phone": {
            "$ref": "#/components/schemas/DriverPhone"
          },
          "picture_url": {
            "$ref": "#/components/schemas/DriverPictureUrl"
          },
          "vehicle_info": {
            "$ref": "#/components/schemas/VehicleInfo"
          },
          "handoff_instructions": {
            "$ref": "#/components/schemas/HandoffInstructions"
          },
          "passcode": {
            "$ref": "#/components/schemas/DriverPasscode"
          }
        },
        "additionalProperties": false
      },
      "UpdatedOrderEvent": {
        "type": "object",
        "description": "Stream → POS at `POST /stream-pos/v1/orders`. An order Stream sent earlier changed status, or\nits delivery progressed. `delivery_status` and `driver_details` are sent when Stream knows\nthem.\n",
        "required": [
          "type",
          "object"
        ],
        "properties": {
          "type": {
            "type": "string",
            "const": "order.updated"
          },
          "object": {
            "type": "object",
            "required": [
              "status",
              "location_id",
              "order_id"
            ],
            "properties": {
              "status": {
                "$ref": "#/components/schemas/OrderUpdateStatus"
              },
              "location_id": {
                "type": "string",
                "minLength": 1,
                "description": "The `provider_id` of the location."
              },
              "order_id": {
                "type": "string",
                "minLength": 1,
                "description": "Your order id, the `order.provider_id` you returned for `order.created`."
              }
            },
            "additionalProperties": false
          },
          "delivery_status": {
            "$ref": "#/components/schemas/DeliveryStatus"
          },
          "driver_details": {
            "$ref": "#/components/schemas/DeliveryDriverDetails"
          }
        },
        "additionalProperties": false
      },
      "CanceledOrderEvent": {
        "type": "object",
        "description": "Stream → POS at `POST /stream-pos/v1/orders`. An order Stream sent earlier was canceled; void it on the POS.",
        "required": [
          "type",
          "object"
        ],
        "properties": {
          "type": {
            "type": "string",
            "const": "order.canceled"
          },
          "object": {
            "type": "object",
            "required": [
              "location_id",
              "order_id"
            ],
            "properties": {
              "location_id": {
                "type": "string",
                "minLength": 1,
                "description": "The `provider_id` of the location."
              },
              "order_id": {
                "type": "string",
                "minLength": 1,
                "description": "Your order id, the `order.provider_id` you returned for `order.created`."
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "OrderEvent": {
        "description": "Any order event Stream sends to `POST /stream-pos/v1/orders`, told apart by `type`.\nThe types are `order.created`, `order.updated` and `order.canceled`, as in the events API.\n",
        "oneOf": [
          {
            "$ref": "#/components/schemas/NewOrderEvent"
          },
          {
            "$ref": "#/components/schemas/UpdatedOrderEvent"
          },
          {
            "$ref": "#/components/schemas/CanceledOrderEvent"
          }
        ],
        "discriminator": {
          "propertyName": "type",
          "mapping": {
            "order.created": "#/components/schemas/NewOrderEvent",
            "order.updated": "#/components/schemas/UpdatedOrderEvent",
            "order.canceled": "#/components/schemas/CanceledOrderEvent"
          }
        }
      },
      "CreatedOrderEventResponse": {
        "type": "object",
        "description": "Answer (`201`) to an order event: the order as the receiving system recorded it. Event\nproviders send it for `order.created`; the POS sends it for `order.created`,\n`order.updated` and `order.canceled`.\n\nOn `order.created`, Stream stores `provider_id` to match later updates and cancellations to\nthis order. On `order.updated` and `order.canceled` the POS echoes the\n`provider_id` of the order the event names; `prep_time_minutes` revises the estimate on\n`order.updated` and is ignored on `order.canceled`.\n",
        "required": [
          "order"
        ],
        "properties": {
          "order": {
            "type": "object",
            "required": [
              "provider_id"
            ],
            "properties": {
              "provider_id": {
                "type": "string",
                "minLength": 1,
                "description": "Your id for the order. Stream sends it back on every later event for this order."
              },
              "prep_time_minutes": {
                "type": "number",
                "minimum": 0,
                "description": "Minutes until the order is ready. When omitted, Stream keeps the\nestimate it already had for the order.\n",
                "examples": [
                  30
                ]
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "StockValidation": {
        "type": "object",
        "description": "One item or modifier the POS cannot sell in the requested quantity.",
        "required": [
          "type",
          "provider_id",
          "quantity"
        ],
        "properties": {
          "type": {
            "type": "string",
            "enum": [
              "item",
              "modifier"
            ],
            "description": "Whether `provider_id` names an item or a modifier."
          },
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "The id of the item or modifier that is short, as the refusing system knows it: the POS's\n`provider_id` of the object when a POS refuses the order, the `id` of the item or modifier in\nthe order's `items` when an event provider refuses it.\n"
          },
          "quantity": {
            "type": "integer",
            "minimum": 0,
            "description": "How many the POS can still sell. `0` means the object is out of stock."
          }
        },
        "additionalProperties": false
      },
      "OrderTotalsValidation": {
        "type": "object",
        "description": "The order total the POS computed differs from the total Stream sent. Both amounts are\nintegers in the lowest currency unit (cents for USD).\n",
        "required": [
          "posTotal",
          "streamTotal"
        ],
        "properties": {
          "posTotal": {
            "type": "integer",
            "description": "Total computed by the POS, in the lowest currency unit."
          },
          "streamTotal": {
            "type": "integer",
            "description": "Total sent by Stream, in the lowest currency unit."
          }
        },
        "additionalProperties": false
      },
      "OrderErrorCode": {
        "type": "string",
        "description": "Why the POS refused the order: `store_unavailable` (the location is closed or not taking\norders), `invalid_cart` (the cart cannot be built on the POS), `pos_offline` (the POS\ncannot be reached from the location), `other` (anything else; explain in the reason).\n",
        "enum": [
          "store_unavailable",
          "invalid_cart",
          "pos_offline",
          "other"
        ]
      },
      "OrderValidation": {
        "type": "object",
        "description": "An order-level reason the POS refused the order.",
        "required": [
          "order_error",
          "order_error_reason"
        ],
        "properties": {
          "order_error": {
            "$ref": "#/components/schemas/OrderErrorCode"
          },
          "order_error_reason": {
            "type": "string",
            "minLength": 1,
            "description": "Human-readable reason, shown to Stream support and in partner logs."
          }
        },
        "additionalProperties": false
      },
      "UnknownValidation": {
        "type": "object",
        "deprecated": true,
        "description": "Deprecated. Kept so older POS integrations keep working; send an `orderValidation` entry with\n`order_error: other` instead. Stream treats both the same way.\n",
        "required": [
          "order_error",
          "order_error_reason"
        ],
        "properties": {
          "order_error": {
            "$ref": "#/components/schemas/OrderErrorCode"
          },
          "order_error_reason": {
            "type": "string",
            "minLength": 1,
            "description": "Human-readable reason."
          }
        },
        "additionalProperties": false
      },
      "PosValidation": {
        "type": "object",
        "description": "Every reason the POS refused an order, grouped by kind. Send `stockValidation`,\n`orderTotalsValidation` and `orderValidation`, each empty when it has nothing to report;\n`unknownValidation` is deprecated and optional. At least one array must have an entry, since an empty\nvalidation error gives Stream nothing to act on.\n",
        "required": [
          "stockValidation",
          "orderTotalsValidation",
          "orderValidation"
        ],
        "properties": {
          "stockValidation": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/StockValidation"
            }
          },
          "orderTotalsValidation": {
            "type": "array",
            "maxItems": 1,
            "items": {
              "$ref": "#/components/schemas/OrderTotalsValidation"
            }
          },
          "orderValidation": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/OrderValidation"
            }
          },
          "unknownValidation": {
            "type": "array",
            "deprecated": true,
            "items": {
              "$ref": "#/components/schemas/UnknownValidation"
            }
          }
        },
        "anyOf": [
          {
            "properties": {
              "stockValidation": {
                "minItems": 1
              }
            }
          },
          {
            "properties": {
              "orderTotalsValidation": {
                "minItems": 1
              }
            }
          },
          {
            "properties": {
              "orderValidation": {
                "minItems": 1
              }
            }
          },
          {
            "required": [
              "unknownValidation"
            ],
            "properties": {
              "unknownValidation": {
                "minItems": 1
              }
            }
          }
        ],
        "additionalProperties": false
      },
      "PosValidationError": {
        "type": "object",
        "description": "Body of a `400` answer to an order event, listing why the POS refused the order.",
        "required": [
          "posValidation"
        ],
        "properties": {
          "posValidation": {
            "$ref": "#/components/schemas/PosValidation"
          }
        },
        "additionalProperties": false
      },
      "LocationConnectionRequest": {
        "type": "object",
        "description": "The location Stream connects or disconnects.",
        "required": [
          "location_id"
        ],
        "properties": {
          "location_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id (`provider_id`) for the location."
          }
        },
        "additionalProperties": false
      },
      "LocationCatalogUpdatedEvent": {
        "type": "object",
        "description": "POS → Stream at `POST /pos/{partner_slug}/webhook`. A location's catalog changed; Stream reads it again.",
        "required": [
          "type",
          "object"
        ],
        "properties": {
          "type": {
            "type": "string",
            "const": "location.catalog.updated"
          },
          "object": {
            "type": "object",
            "required": [
              "location_id"
            ],
            "properties": {
              "location_id": {
                "type": "string",
                "minLength": 1,
                "description": "The `provider_id` of the location whose catalog changed."
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "PosOrderStatus": {
        "type": "string",
        "description": "The status a POS reports for an order Stream sent, in `order.status.updated`.",
        "enum": [
          "ready_for_pickup",
          "completed",
          "merchant_canceled"
        ],
        "x-enum-descriptions": {
          "ready_for_pickup": "The kitchen has finished the order; it waits for the customer or the driver.",
          "completed": "The customer has the order.",
          "merchant_canceled": "The merchant canceled the order on the POS."
        }
      },
      "OrderStatusUpdatedEvent": {
        "type": "object",
        "description": "POS → Stream at `POST /pos/{partner_slug}/webhook`. An order Stream sent changed status on\nthe POS. The fields sit under `object`, like the other POS events.\n",
        "required": [
          "type",
          "object"
        ],
        "properties": {
          "type": {
            "type": "string",
            "const": "order.status.updated"
          },
          "object": {
            "type": "object",
            "required": [
              "status",
              "provider_id",
              "location_id"
            ],
            "properties": {
              "status": {
                "$ref": "#/components/schemas/PosOrderStatus"
              },
              "provider_id": {
                "type": "string",
                "minLength": 1,
                "description": "Your order id, the `order.provider_id` you returned for `order.created`."
              },
              "location_id": {
                "type": "string",
                "minLength": 1,
                "description": "The `provider_id` of the location."
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "LocationStatus": {
        "type": "string",
        "description": "Whether a location takes orders (`active`) or is paused (`inactive`). An inactive location\nreturns to `active` at `paused_until` when one is given.\n",
        "enum": [
          "active",
          "inactive"
        ]
      },
      "LocationStatusUpdatedEvent": {
        "type": "object",
        "description": "POS → Stream at `POST /pos/{partner_slug}/webhook`. A location started (`active`) or stopped\n(`inactive`) taking orders. The fields sit under `object`, like the other\nPOS events.\n",
        "required": [
          "type",
          "object"
        ],
        "properties": {
          "type": {
            "type": "string",
            "const": "location.status.updated"
          },
          "object": {
            "type": "object",
            "required": [
              "status",
              "location_id"
            ],
            "properties": {
              "status": {
                "$ref": "#/components/schemas/LocationStatus"
              },
              "location_id": {
                "type": "string",
                "minLength": 1,
                "description": "The `provider_id` of the location."
              },
              "paused_until": {
                "type": [
                  "integer",
                  "null"
                ],
                "minimum": 0,
                "description": "Only with `inactive`: when the location becomes `active` again, in milliseconds since\nthe Unix epoch; `null` or omitted pauses it until the next `active` event. Must be in\nthe future. Sending it with `active` is rejected.\n",
                "examples": [
                  1767290400000
                ]
              }
            },
            "if": {
              "properties": {
                "status": {
                  "const": "active"
                }
              }
            },
            "then": {
              "properties": {
                "paused_until": false
              },
              "unevaluatedProperties": true
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "CatalogObjectType": {
        "type": "string",
        "description": "The kinds of catalog object a POS can activate or deactivate one at a time.",
        "enum": [
          "item_family",
          "item",
          "modifier"
        ]
      },
      "LocationCatalogObjectUpdatedEvent": {
        "type": "object",
        "description": "POS → Stream at `POST /pos/{partner_slug}/webhook`. One item family, item or modifier was\nactivated or deactivated at a location. The fields sit under `object`,\nlike the other POS events.\n",
        "required": [
          "type",
          "object"
        ],
        "properties": {
          "type": {
            "type": "string",
            "const": "location.catalog.object.updated"
          },
          "object": {
            "type": "object",
            "required": [
              "location_id",
              "object_id",
              "object_type",
              "object_update"
            ],
            "properties": {
              "location_id": {
                "type": "string",
                "minLength": 1,
                "description": "The `provider_id` of the location."
              },
              "object_id": {
                "type": "string",
                "minLength": 1,
                "description": "The `provider_id` of the catalog object."
              },
              "object_type": {
                "$ref": "#/components/schemas/CatalogObjectType"
              },
              "object_update": {
                "type": "object",
                "required": [
                  "is_active"
                ],
                "properties": {
                  "is_active": {
                    "type": "boolean",
                    "description": "Whether the object is now for sale at the location."
                  }
                },
                "additionalProperties": false
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "LocationConnectionOfflineEvent": {
        "type": "object",
        "description": "POS → Stream at `POST /pos/{partner_slug}/webhook`. A location's POS went offline; Stream stops sending it orders.",
        "required": [
          "type",
          "object"
        ],
        "properties": {
          "type": {
            "type": "string",
            "const": "location.connection.offline"
          },
          "object": {
            "type": "object",
            "required": [
              "location_id"
            ],
            "properties": {
              "location_id": {
                "type": "string",
                "minLength": 1,
                "description": "The POS location id (`provider_id`)."
              }
            },
            "additionalProperties": false
          }
        },
        "additionalProperties": false
      },
      "IncomingOrder": {
        "type": "object",
        "description": "An order taken on the POS (at the counter or by phone) that the POS reports to Stream. All\namounts are integers in the lowest unit of `currency`. `delivery_address` is required for\n`merchant_managed_delivery` and `stream_managed_delivery`.\n\nIt has the shape of the order Stream sends, without the fields that only\nan ordering platform has (`id`, `idempotency_key`, `source`, `brand`, `source_order_id`,\n`tax_withheld_by_dsp`) and with `provider_id`, your id for the order. Stream treats a repeated\n`provider_id` for the same location as a retry.\n",
        "required": [
          "provider_id",
          "location_id",
          "fulfillment_type",
          "placed_at",
          "requested_for",
          "customers",
          "line_items",
          "currency",
          "subtotal",
          "tax",
          "total"
        ],
        "properties": {
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id for the order. Stream sends it as `order_id` in later events about the order. Each order has its own: two different orders never share one, since Stream treats a repeated `provider_id` for the same location as a retry."
          },
          "location_id": {
            "type": "string",
            "minLength": 1,
            "description": "The `provider_id` of the location that took the order."
          },
          "fulfillment_type": {
            "$ref": "#/components/schemas/FulfillmentType"
          },
          "placed_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the order was taken, as an RFC 3339 date-time."
          },
          "requested_for": {
            "type": "string",
            "format": "date-time",
            "description": "When the customer wants the order ready (or delivered), as an RFC 3339 date-time."
          },
          "is_future_order": {
            "type": "boolean",
            "default": false,
            "description": "Whether the customer scheduled the order for later, rather than as soon as possible: `false`\nfor an order wanted within the location's `prep_time_minutes` of `placed_at`.\n"
          },
          "customers": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/OrderCustomer"
            }
          },
          "line_items": {
            "type": "array",
            "minItems": 1,
            "items": {
              "$ref": "#/components/schemas/OrderLineItem"
            }
          },
          "currency": {
            "$ref": "#/components/schemas/CurrencyCode"
          },
          "subtotal": {
            "type": "integer",
            "minimum": 0,
            "description": "Sum of the line items, computed as for orders Stream sends."
          },
          "tax": {
            "type": "integer",
            "minimum": 0
          },
          "tip": {
            "type": "integer",
            "minimum": 0,
            "default": 0
          },
          "delivery_fee": {
            "type": "integer",
            "minimum": 0,
            "default": 0
          },
          "service_charge": {
            "type": "integer",
            "minimum": 0,
            "default": 0
          },
          "discount_total": {
            "type": "integer",
            "minimum": 0,
            "default": 0
          },
          "total": {
            "type": "integer",
            "minimum": 0,
            "description": "`subtotal` + `tax` + `tip` + `delivery_fee` + `service_charge` − `discount_total`."
          },
          "delivery_address": {
            "$ref": "#/components/schemas/Address"
          },
          "special_instructions": {
            "type": "string"
          }
        },
        "if": {
          "required": [
            "fulfillment_type"
          ],
          "properties": {
            "fulfillment_type": {
              "enum": [
                "merchant_managed_delivery",
                "stream_managed_delivery"
              ]
            }
          }
        },
        "then": {
          "required": [
            "delivery_address"
          ],
          "properties": {
            "delivery_address": true
          },
          "unevaluatedProperties": true
        },
        "additionalProperties": false
      },
      "IncomingOrderCreatedEvent": {
        "type": "object",
        "description": "POS → Stream at `POST /pos/{partner_slug}/webhook`. An order taken on the POS. Listed under\n`webhooks` as `incoming.order.created`; its `type` is `order.created`.\n",
        "required": [
          "type",
          "object"
        ],
        "properties": {
          "type": {
            "type": "string",
            "const": "order.created"
          },
          "object": {
            "$ref": "#/components/schemas/IncomingOrder"
          }
        },
        "additionalProperties": false
      },
      "PosWebhookEvent": {
        "description": "Any event a POS sends to `POST /pos/{partner_slug}/webhook`, told apart by `type`.",
        "oneOf": [
          {
            "$ref": "#/components/schemas/LocationCatalogUpdatedEvent"
          },
          {
            "$ref": "#/components/schemas/OrderStatusUpdatedEvent"
          },
          {
            "$ref": "#/components/schemas/LocationStatusUpdatedEvent"
          },
          {
            "$ref": "#/components/schemas/LocationCatalogObjectUpdatedEvent"
          },
          {
            "$ref": "#/components/schemas/LocationConnectionOfflineEvent"
          },
          {
            "$ref": "#/components/schemas/IncomingOrderCreatedEvent"
          }
        ],
        "discriminator": {
          "propertyName": "type",
          "mapping": {
            "location.catalog.updated": "#/components/schemas/LocationCatalogUpdatedEvent",
            "order.status.updated": "#/components/schemas/OrderStatusUpdatedEvent",
            "location.status.updated": "#/components/schemas/LocationStatusUpdatedEvent",
            "location.catalog.object.updated": "#/components/schemas/LocationCatalogObjectUpdatedEvent",
            "location.connection.offline": "#/components/schemas/LocationConnectionOfflineEvent",
            "order.created": "#/components/schemas/IncomingOrderCreatedEvent"
          }
        }
      }
    }
  }
};
