#version 330 core
// Debug lines, points and arrowheads from the engine's debug-draw stream.
layout(location = 0) in vec3 aPosition;  // m, world
layout(location = 1) in vec4 aColor;     // linear RGB, alpha
layout(location = 2) in float aSize;     // pixels, points only

uniform mat4 uViewProj;
uniform float uAlpha;  // 1 for the visible pass, faint for the pass behind surfaces
uniform vec3 uEye;     // m, camera position
uniform float uPull;   // fraction of the way to the eye each vertex is moved for the depth test

out VertexData {
    vec4 color;
    float edge;  // -1..1 across a wide line (set by lines.geom), 0 otherwise
} vOut;

void main() {
    // Contact points and normals lie on the surfaces they describe: pulled a little toward
    // the eye they win the depth test against those surfaces instead of flickering in them.
    vec3 p = aPosition + (uEye - aPosition) * uPull;
    gl_Position = uViewProj * vec4(p, 1.0);
    gl_PointSize = aSize;
    vOut.color = vec4(aColor.rgb, aColor.a * uAlpha);
    vOut.edge = 0.0;
}
