import type { INodeProperties } from 'n8n-workflow';

import { optionsProperty } from '../../../../shared/properties';
import { phoneProperty } from '../../parameters';
import { limitWaitTime } from '../helpers';
import { FIELD_TYPES } from './form';

/**
 * Parameters of Send and Wait for Response. Names and defaults are the ones n8n's own
 * messaging nodes use (responseType, approvalOptions.values, formFields.values,
 * options.limitWaitTime.values…), so what a user knows from them carries over.
 */

const formOptions: INodeProperties[] = [
	{
		displayName: 'Message Button Label',
		name: 'messageButtonLabel',
		type: 'string',
		default: 'Respond',
		description: 'Label of the link (or button) to the answer form',
	},
	{
		displayName: 'Response Form Title',
		name: 'responseFormTitle',
		type: 'string',
		default: '',
		description: 'Title of the answer form page',
	},
	{
		displayName: 'Response Form Description',
		name: 'responseFormDescription',
		type: 'string',
		default: '',
		description: 'Text above the form fields; the message when empty',
	},
	{
		displayName: 'Response Form Button Label',
		name: 'responseFormButtonLabel',
		type: 'string',
		default: 'Submit',
		description: 'Label of the button that sends the form',
	},
];

const formField: INodeProperties[] = [
	{ displayName: 'Field Label', name: 'fieldLabel', type: 'string', default: '', required: true, placeholder: 'e.g. What is your name?', description: 'Shown above the field; also the name of the field in the output' },
	{
		displayName: 'Element Type',
		name: 'fieldType',
		type: 'options',
		default: 'text',
		options: FIELD_TYPES.map(({ value, name }) => ({ name, value })),
		description: 'The kind of input',
	},
	{
		displayName: 'Placeholder',
		name: 'placeholder',
		type: 'string',
		default: '',
		displayOptions: { hide: { fieldType: ['dropdown', 'date'] } },
		description: 'Sample text shown in the empty field',
	},
	{
		displayName: 'Field Options',
		name: 'fieldOptions',
		placeholder: 'Add Field Option',
		type: 'fixedCollection',
		default: { values: [{ option: '' }] },
		required: true,
		displayOptions: { show: { fieldType: ['dropdown'] } },
		typeOptions: { multipleValues: true, sortable: true },
		description: 'The choices of the dropdown',
		options: [
			{
				displayName: 'Values',
				name: 'values',
				values: [{ displayName: 'Option', name: 'option', type: 'string', default: '', description: 'One choice' }],
			},
		],
	},
	{
		displayName: 'Multiple Choice',
		name: 'multiselect',
		type: 'boolean',
		default: false,
		displayOptions: { show: { fieldType: ['dropdown'] } },
		description: 'Whether several choices can be picked; the output is then a list',
	},
	{ displayName: 'Required Field', name: 'requiredField', type: 'boolean', default: false, description: 'Whether the form cannot be sent without this field' },
];

export const sendAndWaitProperties: INodeProperties[] = [
	phoneProperty,
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		description: 'The question. The answer links (or buttons) are added under it.',
	},
	{
		displayName: 'Response Type',
		name: 'responseType',
		type: 'options',
		default: 'approval',
		options: [
			{ name: 'Approval', value: 'approval', description: 'The person approves (or declines) with one tap on a link' },
			{ name: 'Free Text', value: 'freeText', description: 'The person writes an answer in a form' },
			{ name: 'Custom Form', value: 'customForm', description: 'The person fills in a form you define' },
		],
		description: 'How the person answers',
	},
	{
		displayName: 'Define Form',
		name: 'defineForm',
		type: 'options',
		noDataExpression: true,
		default: 'fields',
		displayOptions: { show: { responseType: ['customForm'] } },
		options: [
			{ name: 'Using Fields Below', value: 'fields', description: 'Add the fields one by one' },
			{ name: 'Using JSON', value: 'json', description: 'Give the fields as a JSON list, for example mapped from a previous node' },
		],
		description: 'Whether the form fields are listed below or given as JSON',
	},
	{
		displayName: 'Form Fields',
		name: 'formFields',
		placeholder: 'Add Form Field',
		type: 'fixedCollection',
		default: {},
		typeOptions: { multipleValues: true, sortable: true },
		displayOptions: { show: { responseType: ['customForm'], defineForm: ['fields'] } },
		description: 'The fields of the answer form',
		options: [{ displayName: 'Values', name: 'values', description: 'One field of the form', values: formField }],
	},
	{
		displayName: 'Form Fields (JSON)',
		name: 'jsonOutput',
		type: 'json',
		typeOptions: { rows: 5 },
		default: '[\n  {\n    "fieldLabel": "Name",\n    "requiredField": true\n  },\n  {\n    "fieldLabel": "Team",\n    "fieldType": "dropdown",\n    "fieldOptions": { "values": [{ "option": "Sales" }, { "option": "Support" }] }\n  }\n]',
		displayOptions: { show: { responseType: ['customForm'], defineForm: ['json'] } },
		description: `A list of fields with the same keys as Form Fields: fieldLabel, fieldType (${FIELD_TYPES.map((type) => type.value).join(', ')}), placeholder, requiredField, and for dropdowns fieldOptions.values[].option and multiselect`,
	},
	{
		displayName: 'Approval Options',
		name: 'approvalOptions',
		type: 'fixedCollection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show: { responseType: ['approval'] } },
		description: 'Which answers the message offers and their labels',
		options: [
			{
				displayName: 'Values',
				name: 'values',
				description: 'The answers offered',
				values: [
					{
						displayName: 'Type of Approval',
						name: 'approvalType',
						type: 'options',
						default: 'single',
						options: [
							{ name: 'Approve Only', value: 'single' },
							{ name: 'Approve and Decline', value: 'double' },
						],
						description: 'Whether the message offers only Approve, or Approve and Decline',
					},
					{ displayName: 'Approve Button Label', name: 'approveLabel', type: 'string', default: '✓ Approve', description: 'Label of the approve link or button' },
					{
						displayName: 'Decline Button Label',
						name: 'disapproveLabel',
						type: 'string',
						default: '✗ Decline',
						displayOptions: { show: { approvalType: ['double'] } },
						description: 'Label of the decline link or button',
					},
				],
			},
		],
	},
	{
		displayName: 'Send Links As',
		name: 'linkStyle',
		type: 'options',
		default: 'text',
		options: [
			{ name: 'Links in the Text', value: 'text', description: 'Each answer as a label and its link under the message; works on every account' },
			{
				name: 'URL Buttons',
				value: 'buttons',
				description: "Each answer as a button that opens its link (Z-API's button actions). Whether buttons show depends on the WhatsApp account; choose links in the text if they do not.",
			},
		],
		description: 'How the answer links reach the person',
	},
	{
		displayName: 'Anyone who has the links can answer; the first answer goes on with the workflow, later ones change nothing. The links are signed by n8n: a changed link is refused. n8n must be reachable at its public URL (WEBHOOK_URL) from the phone.',
		name: 'sendAndWaitNotice',
		type: 'notice',
		description: 'Who can answer and how the links are protected',
		default: '',
	},
	// One Options collection for every response type, its form options shown only with a form.
	// n8n's editor empties a collection whose display depends on the parameter just changed: with
	// one collection per response type, the options set (Limit Wait Time among them) were lost
	// whenever the response type changed.
	optionsProperty([...formOptions.map((option) => ({ ...option, displayOptions: { show: { '/responseType': ['freeText', 'customForm'] } } })), limitWaitTime]),
];
