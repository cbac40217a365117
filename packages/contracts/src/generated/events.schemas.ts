// JSON Schemas (OpenAPI 3.1, JSON Schema 2020-12) for the events contract, generated from specs/events/openapi.yaml by
// `npm run generate -w packages/contracts`. Do not edit by hand: change the spec and regenerate.
import type { SchemaDocument } from '../schema-document.js';

export const eventsDocument: SchemaDocument = {
  "info": {
    "title": "Stream Events API",
    "version": "1.4.0"
  },
  "components": {
    "schemas": {
      "EventId": {
        "type": "string",
        "format": "uuid",
        "description": "Stream's unique id for this event, a UUID. Every retry of one event carries\nthe same `event_id`, and no two events share one. Store the ids you have processed and answer\na repeated id as you answered it the first time, without acting on it again.\n",
        "examples": [
          "0b7e5c3a-9f14-4d2e-8a61-5c3f2b9d7e10"
        ]
      },
      "EventOccurredAt": {
        "type": "string",
        "format": "date-time",
        "description": "When the change happened at Stream (RFC 3339, UTC), identical on every retry.\nRetries can deliver events for one order out of order, so you should ignore an `order.updated`\nolder than the last one you applied for the same order.\n",
        "examples": [
          "2025-06-12T18:04:12Z"
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
      "CurrencyCode": {
        "type": "string",
        "pattern": "^[A-Z]{3}$",
        "description": "ISO 4217 currency code in upper case (`USD`, not `usd`). The POS and events APIs use upper\ncase; the DSP API uses lower case and has its own `Currency`.\n",
        "examples": [
          "USD"
        ]
      },
      "EventsFulfillmentType": {
        "type": "string",
        "description": "How the customer gets the order. The events API carries five of Stream's fulfillment types:\n`stream_managed_delivery` and `drive_thru` orders are never sent to event providers.\nIt is a schema of its own, apart from the seven-value `FulfillmentType` the DSP and POS APIs\nshare.\n",
        "enum": [
          "curbside",
          "delivery",
          "dine_in",
          "merchant_managed_delivery",
          "pickup"
        ],
        "x-enum-descriptions": {
          "curbside": "The customer collects the order at the curb outside the location.",
          "delivery": "The DSP's own courier delivers the order.",
          "dine_in": "The customer eats at the location.",
          "merchant_managed_delivery": "The merchant arranges delivery, through you or its own drivers.",
          "pickup": "The customer collects the order inside the location."
        },
        "examples": [
          "merchant_managed_delivery"
        ]
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
      "OrderItemModifier": {
        "type": "object",
        "description": "A modifier chosen for an item or for another modifier (a nested modifier).",
        "required": [
          "id",
          "name",
          "quantity",
          "price"
        ],
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the modifier.",
            "examples": [
              "mod_9c2e1"
            ]
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "examples": [
              "Extra cheese"
            ]
          },
          "quantity": {
            "type": "integer",
            "minimum": 1,
            "description": "How many of this modifier, per one of its parent.",
            "examples": [
              1
            ]
          },
          "price": {
            "type": "integer",
            "minimum": 0,
            "description": "Price of one of this modifier, in the lowest currency unit of the order's `currency`.",
            "examples": [
              150
            ]
          },
          "modifiers": {
            "type": "array",
            "description": "Modifiers chosen for this modifier, when its modifier groups nest further choices.",
            "items": {
              "$ref": "#/components/schemas/OrderItemModifier"
            }
          }
        },
        "additionalProperties": false
      },
      "OrderItem": {
        "type": "object",
        "description": "One line of the order. `price` is the price of one item without its\nmodifiers, and the order's `currency` applies to every amount, so items carry no currency.\n",
        "required": [
          "id",
          "name",
          "quantity",
          "price"
        ],
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the item (the variation ordered).",
            "examples": [
              "itm_4f81a"
            ]
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "examples": [
              "Margherita pizza"
            ]
          },
          "quantity": {
            "type": "integer",
            "minimum": 1,
            "examples": [
              2
            ]
          },
          "price": {
            "type": "integer",
            "minimum": 0,
            "description": "Price of one item without modifiers, in the lowest currency unit of the order's `currency`.",
            "examples": [
              1299
            ]
          },
          "modifiers": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/OrderItemModifier"
            }
          },
          "special_instructions": {
            "type": "string",
            "minLength": 1,
            "description": "The customer's note for this item.",
            "examples": [
              "No basil, please."
            ]
          }
        },
        "additionalProperties": false
      },
      "ConfirmedOrder": {
        "type": "object",
        "description": "An order the merchant has confirmed, as Stream recorded it. Amounts are integers in the lowest\nunit of `currency`.\n\nEvery required field is always present (`delivery_fee` is `0` when nothing was charged); `location_id` and `placed_at` let you route and time the order, and `special_instructions` is present when the customer left a note.\n\n`delivery_address` is required when `fulfillment_type` is `merchant_managed_delivery`, and\nsent for other fulfillment types when Stream has one.\n",
        "required": [
          "id",
          "location_id",
          "customer",
          "currency",
          "dsp_order_id",
          "dsp_order_number",
          "placed_at",
          "estimated_fulfillment_time",
          "fulfillment_type",
          "items",
          "subtotal",
          "tax",
          "delivery_fee",
          "total",
          "source",
          "status"
        ],
        "properties": {
          "id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the order. Later events for the order carry it as `order_id`, and you send\nit back as `order_id` when you assign a driver or report a delivery status.\n",
            "examples": [
              "ord_7d2f9a41"
            ]
          },
          "location_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the merchant location that takes the order.\n",
            "examples": [
              "loc_51b0c3"
            ]
          },
          "customer": {
            "$ref": "#/components/schemas/Customer"
          },
          "currency": {
            "$ref": "#/components/schemas/CurrencyCode"
          },
          "dsp_order_id": {
            "type": "string",
            "minLength": 1,
            "description": "The order's id on the DSP where the customer placed it, written as that DSP writes it: a UUID\nfor some, another shape for others, so take any string.\n",
            "x-stream-any-value": true,
            "examples": [
              "3f6c0e8b-2d4a-4b7e-9a51-0c7d2e6f1a90"
            ]
          },
          "dsp_order_number": {
            "type": "string",
            "minLength": 1,
            "description": "Short order number the DSP shows the customer and the driver, for handoff, in the DSP's own shape (letters, digits, a dash).",
            "x-stream-any-value": true,
            "examples": [
              "A7K2"
            ]
          },
          "placed_at": {
            "type": "string",
            "format": "date-time",
            "description": "When the customer placed the order (RFC 3339, UTC).\n",
            "examples": [
              "2025-06-12T18:04:11Z"
            ]
          },
          "estimated_fulfillment_time": {
            "type": "string",
            "format": "date-time",
            "description": "When the order is expected to be handed to the customer or the driver (RFC 3339, UTC).\nA timestamp rather than epoch milliseconds. When the merchant gave no\nestimate, Stream uses 30 minutes after `placed_at`.\n",
            "examples": [
              "2025-06-12T18:34:11Z"
            ]
          },
          "fulfillment_type": {
            "$ref": "#/components/schemas/EventsFulfillmentType"
          },
          "delivery_address": {
            "$ref": "#/components/schemas/Address"
          },
          "items": {
            "type": "array",
            "minItems": 1,
            "items": {
              "$ref": "#/components/schemas/OrderItem"
            }
          },
          "special_instructions": {
            "type": "string",
            "minLength": 1,
            "description": "The customer's note for the whole order.",
            "examples": [
              "Leave at the door, please."
            ]
          },
          "subtotal": {
            "type": "integer",
            "minimum": 0,
            "description": "Sum of the items with their modifiers, before tax, fees and discounts.",
            "examples": [
              2748
            ]
          },
          "tax": {
            "type": "integer",
            "minimum": 0,
            "examples": [
              240
            ]
          },
          "delivery_fee": {
            "type": "integer",
            "minimum": 0,
            "description": "Delivery fee the customer paid; `0` for orders that are not delivered.",
            "examples": [
              499
            ]
          },
          "total": {
            "type": "integer",
            "minimum": 0,
            "description": "What the customer paid, including tax and fees, after discounts.",
            "examples": [
              3487
            ]
          },
          "source": {
            "type": "string",
            "pattern": "^[a-z0-9]+(?:[-_][a-z0-9]+)*$",
            "description": "Where the customer placed the order: the DSP's or channel's lower-case slug (`doordash`,\n`uber`, `storefront`). A free slug, not an enum, because channels are\nadded without a new contract version.\n",
            "examples": [
              "doordash"
            ]
          },
          "status": {
            "type": "string",
            "minLength": 1,
            "description": "Status of the order at Stream when the event was sent; `in_progress` for a newly confirmed\norder. A free string, so take any value; later changes arrive as `order.updated` events with an `OrderUpdateStatus`.\n",
            "x-stream-any-value": true,
            "examples": [
              "in_progress"
            ]
          }
        },
        "anyOf": [
          {
            "properties": {
              "fulfillment_type": {
                "not": {
                  "const": "merchant_managed_delivery"
                }
              }
            }
          },
          {
            "required": [
              "delivery_address"
            ]
          }
        ],
        "additionalProperties": false
      },
      "NewOrderEvent": {
        "type": "object",
        "description": "Sent by Stream to your `POST /event` when the merchant confirms an order (the `order.confirmed`\nevent). The envelope `type` is `order.created`; `order.confirmed` names the event in the guides and the\nwebhook list. Answer `201` with a `CreatedOrderEventResponse`.\n",
        "required": [
          "event_id",
          "type",
          "occurred_at",
          "object"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "order.created"
          },
          "occurred_at": {
            "$ref": "#/components/schemas/EventOccurredAt"
          },
          "object": {
            "$ref": "#/components/schemas/ConfirmedOrder"
          }
        },
        "additionalProperties": false
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
      "UpdatedOrder": {
        "type": "object",
        "description": "The order an `order.updated` event is about, and its new status.",
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
            "description": "Stream's id of the merchant location, as in the confirmed order.",
            "examples": [
              "loc_51b0c3"
            ]
          },
          "order_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the order, the `id` of the confirmed order.",
            "examples": [
              "ord_7d2f9a41"
            ]
          },
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id for the order, as you returned it in the `201` answer to\n`order.created`; omitted when Stream never received one.\n",
            "examples": [
              "evp-88213"
            ]
          }
        },
        "additionalProperties": false
      },
      "UpdatedOrderEvent": {
        "type": "object",
        "description": "Sent by Stream to your `POST /event` when a confirmed order changes status or its delivery\nmoves on (the `order.updated` event). Answer `204`.\n\n`delivery_status` and `driver_details` are present only on delivered\norders, once Stream knows them; `driver_details` may describe a driver you assigned yourself.\n",
        "required": [
          "event_id",
          "type",
          "occurred_at",
          "object"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "order.updated"
          },
          "occurred_at": {
            "$ref": "#/components/schemas/EventOccurredAt"
          },
          "delivery_status": {
            "$ref": "#/components/schemas/DeliveryStatus"
          },
          "driver_details": {
            "$ref": "#/components/schemas/DeliveryDriverDetails"
          },
          "object": {
            "$ref": "#/components/schemas/UpdatedOrder"
          }
        },
        "additionalProperties": false
      },
      "CanceledOrder": {
        "type": "object",
        "description": "The order an `order.canceled` event is about.",
        "required": [
          "location_id",
          "order_id"
        ],
        "properties": {
          "location_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the merchant location, as in the confirmed order.",
            "examples": [
              "loc_51b0c3"
            ]
          },
          "order_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the order, the `id` of the confirmed order.",
            "examples": [
              "ord_7d2f9a41"
            ]
          },
          "provider_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your id for the order, as you returned it in the `201` answer to\n`order.created`; omitted when Stream never received one.\n",
            "examples": [
              "evp-88213"
            ]
          },
          "status": {
            "type": "string",
            "enum": [
              "dsp_canceled",
              "merchant_canceled"
            ],
            "description": "Who canceled the order, with the matching `OrderUpdateStatus` value:\n`merchant_canceled` (the merchant) or `dsp_canceled` (the DSP or the customer through it).\nOmitted when Stream does not know.\n",
            "examples": [
              "merchant_canceled"
            ]
          }
        },
        "additionalProperties": false
      },
      "CanceledOrderEvent": {
        "type": "object",
        "description": "Sent by Stream to your `POST /event` when a confirmed order is canceled (the `order.canceled`\nevent). Stop any delivery you have started for it and answer `204`.\n",
        "required": [
          "event_id",
          "type",
          "occurred_at",
          "object"
        ],
        "properties": {
          "event_id": {
            "$ref": "#/components/schemas/EventId"
          },
          "type": {
            "type": "string",
            "const": "order.canceled"
          },
          "occurred_at": {
            "$ref": "#/components/schemas/EventOccurredAt"
          },
          "object": {
            "$ref": "#/components/schemas/CanceledOrder"
          }
        },
        "additionalProperties": false
      },
      "OrderEvent": {
        "description": "Any event Stream sends to your `POST /event`, told apart by `type`: `order.created` (an order\nwas confirmed), `order.updated` or `order.canceled`.\n",
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
      "AssignedDriver": {
        "type": "object",
        "description": "The driver or robot you assigned to an order: `name` and `phone` always, and as many of the\noptional driver details (`source`, `picture_url`, `vehicle_info`, `handoff_instructions`,\n`passcode`) as you know.\n\n`name` and `phone` are the only required fields, and the driver also takes the optional\nfields of `DeliveryDriverDetails`, with the same rules and nothing beyond them, so you can send\nthe full driver details; Stream passes them on to the merchant and sends them back in the\n`driver_details` of `order.updated`. When you leave `source` out, Stream\nuses your partner slug as the `source` of the `driver_details` it sends.\n",
        "required": [
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
      "AssignDriverEvent": {
        "type": "object",
        "description": "Sent by you to Stream's `POST /event-provider/{partner_slug}/webhook` when a driver takes an\norder. When the driver changes, you should send it again with the new driver; Stream keeps the latest.\n",
        "required": [
          "location_id",
          "order_id",
          "driver"
        ],
        "properties": {
          "location_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the merchant location, the `location_id` of the confirmed order.",
            "examples": [
              "loc_51b0c3"
            ]
          },
          "order_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the order, the `id` of the confirmed order (not your `provider_id`).",
            "examples": [
              "ord_7d2f9a41"
            ]
          },
          "driver": {
            "$ref": "#/components/schemas/AssignedDriver"
          }
        },
        "additionalProperties": false
      },
      "DeliveryStatusEvent": {
        "type": "object",
        "description": "Sent by you to Stream's `POST /event-provider/{partner_slug}/webhook` each time the delivery of\nan order moves to a new `DeliveryStatus`.\n",
        "required": [
          "delivery_status",
          "location_id",
          "order_id"
        ],
        "properties": {
          "delivery_status": {
            "$ref": "#/components/schemas/DeliveryStatus"
          },
          "location_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the merchant location, the `location_id` of the confirmed order.",
            "examples": [
              "loc_51b0c3"
            ]
          },
          "order_id": {
            "type": "string",
            "minLength": 1,
            "description": "Stream's id of the order, the `id` of the confirmed order (not your `provider_id`).",
            "examples": [
              "ord_7d2f9a41"
            ]
          }
        },
        "additionalProperties": false
      },
      "DeliveryUpdateEvent": {
        "description": "Any event you send to Stream's `POST /event-provider/{partner_slug}/webhook`: an\n`AssignDriverEvent` (it has `driver`) or a `DeliveryStatusEvent` (it has `delivery_status`).\n\nThese events have no `type` field; they are told apart by their required fields, and each admits no other field, so a\nbody matches exactly one of them. Send a driver assignment and a status change as two calls.\n",
        "oneOf": [
          {
            "$ref": "#/components/schemas/AssignDriverEvent"
          },
          {
            "$ref": "#/components/schemas/DeliveryStatusEvent"
          }
        ]
      }
    }
  }
};
