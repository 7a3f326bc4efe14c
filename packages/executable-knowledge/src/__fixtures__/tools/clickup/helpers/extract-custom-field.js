/* global module */
// Extract and normalize a custom field value by type (seed 001 §2.2, helper extract-custom-field).
function extractCustomField(fieldId, fieldType, inputData) {
  const field = (inputData.custom_fields || []).find((f) => f.id === fieldId);
  if (!field) return null;

  switch (fieldType) {
    case 'location':
      return field.value
        ? {
            lat: field.value.location?.lat,
            lng: field.value.location?.lng,
            address: field.value.formatted_address,
          }
        : null;

    case 'rollup':
      return field.value?.computations || [];

    default:
      return field.value;
  }
}
module.exports = { extractCustomField };
