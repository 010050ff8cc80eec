#version 330 core
// The shadow map's depth pass: the same instanced meshes as mesh.vert, seen from the light.
layout(location = 0) in vec3 aPosition;
layout(location = 2) in mat4 aModel;

uniform mat4 uLightViewProj;

void main() {
    gl_Position = uLightViewProj * aModel * vec4(aPosition, 1.0);
}
