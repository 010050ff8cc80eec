#version 330 core
// uMode 0: flat (arrowheads); 1: round points with a dark rim; 2: wide lines from lines.geom.
in VertexData {
    vec4 color;
    float edge;
} fIn;

uniform float uMode;
uniform float uLineWidth;  // pixels, wide lines only

out vec4 fragColor;

void main() {
    vec4 c = fIn.color;
    if (uMode > 0.5 && uMode < 1.5) {
        // A disc with a dark rim, so a yellow point still shows on a pale face.
        float r = 2.0 * length(gl_PointCoord - vec2(0.5));
        if (r > 1.0) discard;
        if (r > 0.62) c.rgb *= 0.15;
    } else if (uMode > 1.5) {
        // Distance from the centre line in pixels; full inside the width, fading over the fringe.
        float d = abs(fIn.edge) * (0.5 * uLineWidth + 1.0);
        c.a *= clamp(0.5 * uLineWidth + 0.5 - d, 0.0, 1.0);
    }
    fragColor = vec4(pow(clamp(c.rgb, 0.0, 1.0), vec3(1.0 / 2.2)), c.a);
}
