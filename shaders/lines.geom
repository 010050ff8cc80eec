#version 330 core
// Wide lines: each segment becomes a screen-aligned quad uLineWidth pixels wide (core GL
// draws lines one pixel wide only), with a one-pixel fringe that lines.frag fades out.
layout(lines) in;
layout(triangle_strip, max_vertices = 4) out;

uniform vec2 uViewport;     // framebuffer pixels
uniform float uLineWidth;   // pixels

in VertexData {
    vec4 color;
    float edge;
} gIn[];

out VertexData {
    vec4 color;
    float edge;
} gOut;

void main() {
    vec4 p0 = gl_in[0].gl_Position, p1 = gl_in[1].gl_Position;
    vec4 c0 = gIn[0].color, c1 = gIn[1].color;
    // Clip against the near plane (z = -w) first: an end behind the eye has no screen position.
    float d0 = p0.z + p0.w, d1 = p1.z + p1.w;
    if (d0 < 0.0 && d1 < 0.0) return;
    if (d0 < 0.0) {
        float t = d0 / (d0 - d1);
        p0 = mix(p0, p1, t);
        c0 = mix(c0, c1, t);
    } else if (d1 < 0.0) {
        float t = d1 / (d1 - d0);
        p1 = mix(p1, p0, t);
        c1 = mix(c1, c0, t);
    }
    vec2 halfViewport = 0.5 * uViewport;
    vec2 s0 = p0.xy / p0.w * halfViewport, s1 = p1.xy / p1.w * halfViewport;
    vec2 dir = s1 - s0;
    float len = length(dir);
    dir = len > 1e-4 ? dir / len : vec2(1.0, 0.0);
    // Half the width plus the fringe, in pixels, turned into clip-space offsets at each end.
    vec2 side = vec2(-dir.y, dir.x) * (0.5 * uLineWidth + 1.0) / halfViewport;
    vec4 o0 = vec4(side * p0.w, 0.0, 0.0), o1 = vec4(side * p1.w, 0.0, 0.0);

    gOut.color = c0; gOut.edge = 1.0;  gl_Position = p0 + o0; EmitVertex();
    gOut.color = c0; gOut.edge = -1.0; gl_Position = p0 - o0; EmitVertex();
    gOut.color = c1; gOut.edge = 1.0;  gl_Position = p1 + o1; EmitVertex();
    gOut.color = c1; gOut.edge = -1.0; gl_Position = p1 - o1; EmitVertex();
    EndPrimitive();
}
