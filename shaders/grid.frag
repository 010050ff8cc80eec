#version 330 core
// Grid lines every metre (minor) and every 10 m (major), the X and Z axes in colour, all
// anti-aliased in screen space and fading with distance. Colours are display (sRGB) values.
in vec3 vWorldPos;

uniform vec3 uEye;
uniform float uFadeDistance;  // m: lines are gone beyond this distance from the eye
uniform vec3 uMinorColor;
uniform vec3 uMajorColor;
uniform vec3 uAxisXColor;
uniform vec3 uAxisZColor;

out vec4 fragColor;

// Coverage of the nearest line of a lattice of spacing 1 in `coord`: 1 within half a pixel
// of a line (so lines have a solid core of their exact colour), 0 from 1.5 pixels on.
float lattice(vec2 coord) {
    vec2 pixels = abs(fract(coord - 0.5) - 0.5) / fwidth(coord);
    return 1.0 - clamp(min(pixels.x, pixels.y) - 0.5, 0.0, 1.0);
}

float axisLine(float coord) {
    return 1.0 - clamp(abs(coord) / fwidth(coord) - 0.5, 0.0, 1.0);
}

void main() {
    vec2 xz = vWorldPos.xz;
    // Where a metre shrinks below a few pixels the minor lattice would turn into moire: fade it.
    vec2 metrePixels = 1.0 / max(fwidth(xz), vec2(1e-6));
    float minorVisible = smoothstep(3.0, 8.0, min(metrePixels.x, metrePixels.y));

    float minor = lattice(xz) * minorVisible;
    float major = lattice(xz / 10.0);
    float axisX = axisLine(xz.y);  // the X axis is the line z = 0
    float axisZ = axisLine(xz.x);  // the Z axis is the line x = 0

    vec3 color = uMinorColor;
    float coverage = minor;
    if (major > 0.0) { color = uMajorColor; coverage = max(coverage, major); }
    if (axisX > 0.0) { color = uAxisXColor; coverage = max(coverage, axisX); }
    if (axisZ > 0.0) { color = uAxisZColor; coverage = max(coverage, axisZ); }

    float distance = length(vWorldPos - uEye);
    float fade = 1.0 - smoothstep(0.35 * uFadeDistance, uFadeDistance, distance);
    float alpha = coverage * fade;
    if (alpha <= 0.0) discard;
    fragColor = vec4(color, alpha);
}
